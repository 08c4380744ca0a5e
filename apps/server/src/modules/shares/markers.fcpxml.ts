import {
  clipOffsets,
  dropFrame,
  escapeXml as x,
  frameDuration,
  markerFrames,
  markerName,
  markerNote,
  rationalTime,
  sequenceRate,
  timed,
  toSequenceFrames,
  type MarkerDoc,
} from './markers.model.ts';

/** FCPXML 1.10: the version Final Cut Pro 10.6+ imports (validated against Apple's DTD in the tests). */
export const FCPXML_VERSION = '1.10';

/**
 * Final Cut Pro: an FCPXML 1.10 library with one event and one project whose spine holds each
 * asset as an asset-clip, end to end. Each comment at a frame is a to-do <marker> on its clip
 * (completed="1" once resolved), at the clip's own time as a rational number of seconds in whole
 * frames (29.97: `1001/30000s` a frame; 25: `100/2500s`), lasting its range or one frame; the
 * sequence and clips say DF at 29.97/59.94.
 */
export function finalCutXml(doc: MarkerDoc): string {
  const seqRate = sequenceRate(doc);
  const offsets = clipOffsets(doc);
  // one <format> per frame rate (and picture size) in the file
  const formats = new Map<string, string>();
  const formatOf = (rate: number, width: number | null, height: number | null) => {
    const key = `${rate}|${width ?? ''}|${height ?? ''}`;
    if (!formats.has(key)) formats.set(key, `r${formats.size + 1}`);
    return formats.get(key)!;
  };
  const first = doc.clips[0]?.asset;
  const seqFormat = formatOf(seqRate, first?.width ?? null, first?.height ?? null);
  const clipFormats = doc.clips.map((c) => formatOf(c.frameRate, c.asset.width, c.asset.height));
  const tcFormat = (rate: number) => (dropFrame(rate) ? 'DF' : 'NDF');

  const formatLines = [...formats.entries()].map(([key, id]) => {
    const [rate, width, height] = key.split('|');
    const { num, den } = frameDuration(Number(rate));
    const size = width && height ? ` width="${width}" height="${height}"` : '';
    return `<format id="${id}" frameDuration="${num}/${den}s"${size}/>`;
  });
  const assetLines = doc.clips.map((clip, i) =>
    [
      `<asset id="a${i + 1}" name="${x(clip.title)}" start="0s" duration="${rationalTime(clip.durationFrames, clip.frameRate)}"`,
      ` hasVideo="${clip.asset.fileType === 'video' ? 1 : 0}" hasAudio="${clip.asset.fileType === 'image' ? 0 : 1}" format="${clipFormats[i]}">`,
      `<media-rep kind="original-media" src="file:///${x(encodeURIComponent(clip.title))}"/>`,
      `</asset>`,
    ].join(''),
  );
  const total = doc.clips.reduce((s, c) => s + toSequenceFrames(c.durationFrames, c.frameRate, seqRate), 0);
  const clipLines = doc.clips.map((clip, i) => {
    const rate = clip.frameRate;
    const markers = timed(clip).map(
      (c) =>
        `<marker start="${rationalTime(c.frame, rate)}" duration="${rationalTime(markerFrames(c), rate)}"` +
        ` value="${x(markerName(c.text))}" completed="${c.resolved ? 1 : 0}" note="${x(markerNote(c))}"/>`,
    );
    return [
      `<asset-clip ref="a${i + 1}" offset="${rationalTime(offsets[i], seqRate)}" name="${x(clip.title)}"`,
      ` start="0s" duration="${rationalTime(toSequenceFrames(clip.durationFrames, rate, seqRate), seqRate)}"`,
      ` format="${clipFormats[i]}" tcFormat="${tcFormat(rate)}">`,
      ...markers,
      `</asset-clip>`,
    ].join('\n');
  });

  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE fcpxml>',
    `<fcpxml version="${FCPXML_VERSION}">`,
    '<resources>',
    ...formatLines,
    ...assetLines,
    '</resources>',
    '<library>',
    `<event name="${x(doc.name)}">`,
    `<project name="${x(doc.name)}">`,
    `<sequence format="${seqFormat}" duration="${rationalTime(total, seqRate)}" tcStart="0s" tcFormat="${tcFormat(seqRate)}">`,
    '<spine>',
    ...clipLines,
    '</spine>',
    '</sequence>',
    '</project>',
    '</event>',
    '</library>',
    '</fcpxml>',
    '',
  ].join('\n');
}
