import {
  clipOffsets,
  dropFrame,
  markerFrames,
  markerName,
  markerNote,
  sequenceRate,
  timecodeOf,
  timed,
  toSequenceFrames,
  type MarkerComment,
  type MarkerDoc,
} from './markers.model.ts';
import { cellText, toCsv } from './markers.sheet.ts';

/** Resolve's marker colours: open comments blue, resolved ones green. */
const colourOf = (c: MarkerComment) => (c.resolved ? 'Green' : 'Blue');

/** Each timed comment at its place on the timeline (clips end to end), in sequence frames. */
function placed(doc: MarkerDoc) {
  const rate = sequenceRate(doc);
  const offsets = clipOffsets(doc);
  return doc.clips.flatMap((clip, i) =>
    timed(clip).map((c) => ({
      c,
      clip,
      at: offsets[i] + toSequenceFrames(c.frame, clip.frameRate, rate),
      frames: Math.max(1, toSequenceFrames(markerFrames(c), clip.frameRate, rate)),
    })),
  );
}

/** EDL text: one line, no '|' (Resolve's field separator on a marker line). */
const edlText = (s: string) => s.replace(/[|\r\n]+/g, ' ').trim();

/**
 * DaVinci Resolve's marker EDL (CMX 3600, as Resolve's "Export > Timeline Markers to EDL" writes
 * it, and its "Import > Timeline Markers from EDL" reads): one event a marker, source and record
 * both at the marker (one frame, or the range of a range comment), then the marker line
 * ` |C:ResolveColorBlue |M:<name> |D:<frames>`. The record timecode counts from 00:00:00:00 at the
 * first clip's first frame (the timecode the review showed); 29.97/59.94 are `FCM: DROP FRAME` with
 * `;` before the frames.
 */
export function resolveEdl(doc: MarkerDoc): string {
  const rate = sequenceRate(doc);
  const lines = [
    `TITLE: ${edlText(doc.name).slice(0, 70)}`,
    `FCM: ${dropFrame(rate) ? 'DROP FRAME' : 'NON-DROP FRAME'}`,
    '',
  ];
  placed(doc).forEach(({ c, at, frames }, i) => {
    const tcIn = timecodeOf(at, rate);
    const tcOut = timecodeOf(at + frames, rate);
    lines.push(
      `${String(i + 1).padStart(3, '0')}  001      V     C        ${tcIn} ${tcOut} ${tcIn} ${tcOut}  `,
      ` |C:ResolveColor${colourOf(c)} |M:${edlText(markerNote(c)).slice(0, 250)} |D:${frames}`,
      '',
    );
  });
  return lines.join('\r\n');
}

/**
 * Resolve's marker list as CSV (the columns of the Edit Index's marker view): number, name, record
 * in and out at the timeline's rate, duration in frames, colour, notes and the clip it sits on.
 */
export function resolveCsv(doc: MarkerDoc): string {
  const rate = sequenceRate(doc);
  const rows: (string | number)[][] = [
    ['#', 'Name', 'Record In', 'Record Out', 'Duration', 'Color', 'Notes', 'Clip'],
  ];
  placed(doc).forEach(({ c, clip, at, frames }, i) =>
    rows.push([
      i + 1,
      cellText(markerName(c.text)),
      timecodeOf(at, rate),
      timecodeOf(at + frames, rate),
      frames,
      colourOf(c),
      cellText(markerNote(c)),
      cellText(clip.title),
    ]),
  );
  return toCsv(rows);
}
