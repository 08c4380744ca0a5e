import type { CaptionFormat } from '@rushes/shared';

/** A cue's source: one transcript line (times in ms from the clip's start). */
export interface CaptionLine {
  startMs: number;
  endMs: number;
  text: string;
}

/** A caption file ready to send. */
export interface CaptionFile {
  body: string;
  contentType: string;
  filename: string;
}

const CONTENT_TYPES: Record<CaptionFormat, string> = {
  vtt: 'text/vtt; charset=utf-8',
  srt: 'application/x-subrip; charset=utf-8',
};

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** HH:MM:SS.mmm (WebVTT) or HH:MM:SS,mmm (SRT); hours keep counting past 99 rather than wrap. */
export function captionTime(ms: number, format: CaptionFormat): string {
  const t = Math.max(0, Math.round(ms));
  const h = Math.floor(t / 3_600_000);
  const m = Math.floor(t / 60_000) % 60;
  const s = Math.floor(t / 1000) % 60;
  return `${pad(h)}:${pad(m)}:${pad(s)}${format === 'vtt' ? '.' : ','}${pad(t % 1000, 3)}`;
}

/**
 * A cue's text on one line: a corrected word may hold a line break, and a blank line would end the
 * cue early. WebVTT reads '&' and '<' as markup, and '-->' in a cue would start a timing line.
 */
function cueText(text: string, format: CaptionFormat): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (format === 'srt') return flat.replace(/-->/g, '->');
  return flat.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The captions of a transcript: one cue per line, at the line's times. A cue must end after it
 * starts (players drop the others), so an instant line lasts a millisecond.
 */
export function captionsOf(lines: readonly CaptionLine[], format: CaptionFormat): string {
  const cues = lines
    .filter((l) => l.text.trim() !== '')
    .map((l, i) => {
      const end = Math.max(l.endMs, l.startMs + 1);
      const timing = `${captionTime(l.startMs, format)} --> ${captionTime(end, format)}`;
      return `${i + 1}\n${timing}\n${cueText(l.text, format)}\n`;
    });
  return format === 'vtt' ? ['WEBVTT\n', ...cues].join('\n') : cues.join('\n');
}

/** The download's name: the asset's title with the caption's extension in place of its own. */
export function captionFilename(title: string, format: CaptionFormat): string {
  const base = title.replace(/\.[A-Za-z0-9]{1,5}$/, '').trim() || 'captions';
  return `${base}.${format}`;
}

/** The file to send for one asset's lines. */
export function captionFile(
  title: string,
  lines: readonly CaptionLine[],
  format: CaptionFormat,
): CaptionFile {
  return {
    body: captionsOf(lines, format),
    contentType: CONTENT_TYPES[format],
    filename: captionFilename(title, format),
  };
}
