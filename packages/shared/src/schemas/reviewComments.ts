import { z } from 'zod';
import { MSG, addProductMessages, charLimit } from '../rules/messages.ts';
import { PLAYER_TEXT } from '../rules/playerText.ts';
import { uuid } from './fields.ts';

/**
 * Review comments on an asset (spec 002 §3 Asset comments: _id, replies, comment_id, page_no,
 * total_entries): frame-accurate anchors, replies, resolve, drawings, guest names.
 */
export const COMMENT_TEXT_MAX = 2000;
export const COMMENTS_PAGE_SIZE = 20;
export const GUEST_NAME_MAX = 50;

const point = z.tuple([z.number().min(0).max(1), z.number().min(0).max(1)]);
/** A drawing over the paused frame: shapes in coordinates relative to the frame (0..1). */
export const drawing = z.object({
  shapes: z
    .array(
      z.object({
        kind: z.enum(['freehand', 'arrow', 'rect']),
        color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
        points: z.array(point).min(2).max(2000),
      }),
    )
    .min(1)
    .max(50),
});
export type Drawing = z.infer<typeof drawing>;

const commentText = () =>
  z
    .string({ error: MSG.required })
    .trim()
    .min(1, MSG.required)
    .max(COMMENT_TEXT_MAX, charLimit(COMMENT_TEXT_MAX));

const anchor = {
  /** the frame number (from 0) and the frame rate it was counted at */
  frame: z.number().int().min(0).max(100_000_000).optional(),
  frame_rate: z.number().min(1).max(240).optional(),
  /** a range comment's last frame (from `frame` to this one, both included) */
  frame_out: z.number().int().min(0).max(100_000_000).optional(),
  /** images: the page (from 1; a picture has one) and a point on it (0..1) */
  page: z.number().int().min(1).max(100_000).optional(),
  x: z.number().min(0).max(1).optional(),
  y: z.number().min(0).max(1).optional(),
  drawing: drawing.optional(),
};

addProductMessages([PLAYER_TEXT.frameOutNeedsFrame, PLAYER_TEXT.frameOutBeforeFrame]);
/** A range (frame_out) starts at a frame and does not end before it. */
const checkRange = (v: { frame?: number; frame_out?: number }, ctx: z.RefinementCtx) => {
  if (v.frame_out === undefined) return;
  if (v.frame === undefined)
    ctx.addIssue({ code: 'custom', path: ['frame_out'], message: PLAYER_TEXT.frameOutNeedsFrame });
  else if (v.frame_out < v.frame)
    ctx.addIssue({ code: 'custom', path: ['frame_out'], message: PLAYER_TEXT.frameOutBeforeFrame });
};

export const commentsQuery = z.object({
  ingest_db_id: uuid(),
  page_no: z.coerce.number().int().min(1).default(1),
  entries_per_page: z.coerce.number().int().min(1).max(100).default(COMMENTS_PAGE_SIZE),
});
export const addCommentBody = z
  .object({
    ingest_db_id: uuid(),
    text: commentText(),
    /** replying to this top comment */
    comment_id: uuid().optional(),
    ...anchor,
  })
  .superRefine(checkRange);
export type AddCommentBody = z.infer<typeof addCommentBody>;
export const resolveCommentBody = z.object({ comment_id: uuid(), resolved: z.boolean() });

/** The review page's own calls (a live review link is the proof; guests type a name). */
export const reviewCommentsQuery = z.object({
  shared_link: z.string().min(16).max(200).optional(),
  shared_asset: uuid().optional(),
  ingest_db_id: uuid().optional(),
  page_no: z.coerce.number().int().min(1).default(1),
  entries_per_page: z.coerce.number().int().min(1).max(100).default(COMMENTS_PAGE_SIZE),
});
export const addReviewCommentBody = z
  .object({
    shared_link: z.string().min(16).max(200).optional(),
    shared_asset: uuid().optional(),
    ingest_db_id: uuid().optional(),
    guest_name: z
      .string()
      .trim()
      .min(1, MSG.required)
      .max(GUEST_NAME_MAX, charLimit(GUEST_NAME_MAX))
      .optional(),
    text: commentText(),
    comment_id: uuid().optional(),
    ...anchor,
  })
  .superRefine(checkRange);

const author = z.object({ user_id: z.string().nullable(), name: z.string(), is_guest: z.boolean() });
const commentBase = z.object({
  _id: z.string(),
  /** the top comment a reply answers; null on a top comment */
  comment_id: z.string().nullable(),
  ingest_db_id: z.string(),
  text: z.string(),
  frame: z.number().nullable(),
  frame_rate: z.number().nullable(),
  /** SMPTE HH:MM:SS:FF of the frame */
  timecode: z.string().nullable(),
  /** a range comment's last frame and its timecode; null on a point in time */
  frame_out: z.number().nullable(),
  timecode_out: z.string().nullable(),
  /** images: the page (from 1) and the point on it (0..1) */
  page: z.number().nullable(),
  x: z.number().nullable(),
  y: z.number().nullable(),
  drawing: drawing.nullable(),
  author,
  resolved: z.boolean(),
  created_on: z.string(),
});
export const assetComment = commentBase.extend({ replies: z.array(commentBase) });
export type AssetComment = z.infer<typeof assetComment>;
export const assetCommentsPage = z.object({
  data: z.array(assetComment),
  page_no: z.number(),
  total_entries: z.number(),
});
export type AssetCommentsPage = z.infer<typeof assetCommentsPage>;
export const commentSaved = z.object({ message: z.string(), comment: commentBase });
