import { DEFAULT_FRAME_RATE, isDropFrameRate, smpteTimecode } from '@rushes/shared';
import type { AssetRow } from './shares.policy.ts';

/** One top comment as a marker: frames count from 0 at the asset's own rate. */
export interface MarkerComment {
  /** 1-based, in timeline order within its asset */
  n: number;
  frame: number | null;
  /** a range comment's last frame (inclusive); null at one frame */
  frameOut: number | null;
  text: string;
  author: string;
  resolved: boolean;
  page: number | null;
  createdAt: Date;
}

/** An asset and its comments, as one clip of the exported timeline. */
export interface MarkerClip {
  asset: AssetRow;
  title: string;
  frameRate: number;
  /** the clip's length in frames: its duration, or up to its last marker when unknown */
  durationFrames: number;
  comments: MarkerComment[];
}

/** What every format is written from: the clips in order, laid end to end on one timeline. */
export interface MarkerDoc {
  name: string;
  clips: MarkerClip[];
  exportedAt: Date;
}

/** The frames a marker lasts: a range's in to out inclusive, else one frame. */
export const markerFrames = (c: MarkerComment) =>
  c.frame !== null && c.frameOut !== null && c.frameOut > c.frame ? c.frameOut - c.frame + 1 : 1;

/** Comments at a frame: the only ones an editing application's timeline can hold. */
export const timed = (clip: MarkerClip) =>
  clip.comments.filter((c): c is MarkerComment & { frame: number } => c.frame !== null);

/** 29.97, 23.976, 59.94…: a whole rate slowed by 1000/1001 (NTSC). */
export function isNtscRate(rate: number) {
  const whole = Math.round(rate * 1.001);
  return Math.abs(rate - Math.round(rate)) > 0.001 && Math.abs(rate - (whole * 1000) / 1001) < 0.005;
}

/** The integer frame count of a second (FCP7's <timebase>, timecode's frames field). */
export const timebaseOf = (rate: number) => Math.max(1, Math.round(rate));

export const dropFrame = (rate: number) => isDropFrameRate(rate);

/** FCPXML's frame duration as a rational number of seconds: 1001/30000 at 29.97, 100/2500 at 25. */
export function frameDuration(rate: number): { num: number; den: number } {
  if (isNtscRate(rate)) return { num: 1001, den: Math.round(rate * 1.001) * 1000 };
  return { num: 100, den: Math.round(rate * 100) };
}

/** A frame count as FCPXML time: `${frames × num}/${den}s`, '0s' at 0. */
export function rationalTime(frames: number, rate: number) {
  if (frames === 0) return '0s';
  const { num, den } = frameDuration(rate);
  return `${frames * num}/${den}s`;
}

export const timecodeOf = (frame: number, rate: number) => smpteTimecode(frame, rate);

/** A marker's short name: the comment's first line, cut at 60 characters. */
export function markerName(text: string) {
  const line = text.split(/\r?\n/).find((l) => l.trim()) ?? '';
  const flat = line.trim().replace(/\s+/g, ' ');
  return flat.length > 60 ? `${flat.slice(0, 59)}…` : flat;
}

/** A marker's note: who said it, then the whole comment on one line. */
export const markerNote = (c: MarkerComment) => `${c.author}: ${c.text.replace(/\s*\r?\n\s*/g, ' ').trim()}`;

/** A clip's first frame on the exported timeline (clips end to end, at the first clip's rate). */
export function clipOffsets(doc: MarkerDoc): number[] {
  const rate = sequenceRate(doc);
  let at = 0;
  return doc.clips.map((clip) => {
    const start = at;
    at += toSequenceFrames(clip.durationFrames, clip.frameRate, rate);
    return start;
  });
}

export const sequenceRate = (doc: MarkerDoc) => doc.clips[0]?.frameRate ?? DEFAULT_FRAME_RATE;

/** A clip's frame count on a timeline of another rate (same time in seconds, whole frames). */
export const toSequenceFrames = (frames: number, clipRate: number, seqRate: number) =>
  clipRate === seqRate ? frames : Math.round((frames * seqRate) / clipRate);

/** A file's name: its title without characters a file system or a header refuses. */
export function safeFileStem(title: string) {
  const stem = title
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(/[^\p{L}\p{N} ._-]+/gu, '_')
    .trim();
  return stem.slice(0, 80) || 'comments';
}

export const escapeXml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // characters XML 1.0 cannot hold at all
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');
