import {
  clipOffsets,
  dropFrame,
  escapeXml as x,
  isNtscRate,
  markerFrames,
  markerName,
  markerNote,
  sequenceRate,
  timebaseOf,
  timecodeOf,
  timed,
  toSequenceFrames,
  type MarkerDoc,
} from './markers.model.ts';

/**
 * Premiere Pro: Final Cut Pro 7 XML (xmeml version 5), which Premiere (and Resolve) import as a
 * sequence. The clips lie end to end on one video track; each comment at a frame is a sequence
 * marker (<marker> with name, comment, in and out in frames of the sequence's <rate>; out -1 for a
 * point), so the markers stand on the imported timeline where the comments were. Rates are
 * <timebase> + <ntsc> (29.97 is 30 + TRUE), and 29.97/59.94 carry drop-frame timecode
 * (<displayformat>DF</displayformat>).
 */
export function premiereXml(doc: MarkerDoc): string {
  const seqRate = sequenceRate(doc);
  const offsets = clipOffsets(doc);
  const total = doc.clips.reduce(
    (sum, c) => sum + toSequenceFrames(c.durationFrames, c.frameRate, seqRate),
    0,
  );
  const rate = (r: number) =>
    `<rate><timebase>${timebaseOf(r)}</timebase><ntsc>${isNtscRate(r) ? 'TRUE' : 'FALSE'}</ntsc></rate>`;
  const timecode = (r: number) =>
    `<timecode>${rate(r)}<string>${timecodeOf(0, r)}</string><frame>0</frame>` +
    `<displayformat>${dropFrame(r) ? 'DF' : 'NDF'}</displayformat></timecode>`;

  const clipItems = doc.clips.map((clip, i) => {
    const length = toSequenceFrames(clip.durationFrames, clip.frameRate, seqRate);
    const a = clip.asset;
    const size =
      a.width && a.height
        ? `<samplecharacteristics><width>${a.width}</width><height>${a.height}</height></samplecharacteristics>`
        : '';
    return [
      `<clipitem id="clipitem-${i + 1}">`,
      `<name>${x(clip.title)}</name>`,
      `<duration>${clip.durationFrames}</duration>`,
      rate(clip.frameRate),
      `<start>${offsets[i]}</start>`,
      `<end>${offsets[i] + length}</end>`,
      `<in>0</in>`,
      `<out>${clip.durationFrames}</out>`,
      `<file id="file-${i + 1}">`,
      `<name>${x(clip.title)}</name>`,
      `<pathurl>file://localhost/${x(encodeURIComponent(clip.title))}</pathurl>`,
      rate(clip.frameRate),
      `<duration>${clip.durationFrames}</duration>`,
      timecode(clip.frameRate),
      `<media><video>${size}</video></media>`,
      `</file>`,
      `</clipitem>`,
    ].join('\n');
  });

  const markers = doc.clips.flatMap((clip, i) =>
    timed(clip).map((c) => {
      const at = offsets[i] + toSequenceFrames(c.frame, clip.frameRate, seqRate);
      const frames = markerFrames(c);
      const out = frames > 1 ? at + toSequenceFrames(frames, clip.frameRate, seqRate) : -1;
      return (
        `<marker><name>${x(markerName(c.text))}</name><comment>${x(markerNote(c))}</comment>` +
        `<in>${at}</in><out>${out}</out></marker>`
      );
    }),
  );

  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE xmeml>',
    '<xmeml version="5">',
    '<sequence id="sequence-1">',
    `<name>${x(doc.name)}</name>`,
    `<duration>${total}</duration>`,
    rate(seqRate),
    timecode(seqRate),
    '<in>-1</in>',
    '<out>-1</out>',
    '<media>',
    '<video>',
    '<track>',
    ...clipItems,
    '</track>',
    '</video>',
    '</media>',
    ...markers,
    '</sequence>',
    '</xmeml>',
    '',
  ].join('\n');
}
