import { MARKER_TEXT } from '@rushes/shared';
import { timecodeOf, type MarkerDoc } from './markers.model.ts';

/** One CSV field, RFC 4180: always quoted, quotes doubled. */
const field = (v: string | number) => `"${String(v).replace(/"/g, '""')}"`;

/**
 * Text a spreadsheet would run as a formula (=, +, -, @, tab, CR first) starts with an apostrophe,
 * which Excel, Numbers and Sheets show as text (OWASP "CSV injection").
 */
export const cellText = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

/** Rows to CSV: a UTF-8 byte order mark (Excel reads accents right) and CRLF line ends. */
export const toCsv = (rows: (string | number)[][]) =>
  '\uFEFF' + rows.map((r) => r.map(field).join(',')).join('\r\n') + '\r\n';

/**
 * The spreadsheet: every top comment of every asset, in timeline order (then by page), with the
 * timecode in and out at the asset's rate (drop-frame at 29.97/59.94), its frame, author, text,
 * whether it is resolved, and the page of a document's pin.
 */
export function commentsCsv(doc: MarkerDoc): string {
  const k = MARKER_TEXT.csvColumns;
  const rows: (string | number)[][] = [
    [k.index, k.asset, k.timecodeIn, k.timecodeOut, k.frame, k.author, k.text, k.resolved, k.page],
  ];
  for (const clip of doc.clips)
    for (const c of clip.comments)
      rows.push([
        c.n,
        cellText(clip.title),
        c.frame !== null ? timecodeOf(c.frame, clip.frameRate) : '',
        c.frame !== null && c.frameOut !== null ? timecodeOf(c.frameOut, clip.frameRate) : '',
        c.frame ?? '',
        cellText(c.author),
        cellText(c.text),
        c.resolved ? MARKER_TEXT.yes : MARKER_TEXT.no,
        c.page ?? '',
      ]);
  return toCsv(rows);
}
