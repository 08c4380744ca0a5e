import { z } from 'zod';
import { addProductMessages } from '../rules/messages.ts';
import { REVIEW_PLAYLIST_TEXT } from '../rules/reviewPlaylistText.ts';
import { email, uuid } from './fields.ts';

addProductMessages([
  REVIEW_PLAYLIST_TEXT.notInLink,
  REVIEW_PLAYLIST_TEXT.emailRequired,
  REVIEW_PLAYLIST_TEXT.notReady,
]);

/**
 * One file of a review link that holds several (its playlist) or a folder: the newest version of
 * its stack. Choosing it puts its ingest_db_id in the review calls' query.
 */
export const reviewItem = z.object({
  ingest_db_id: z.string(),
  title: z.string(),
  file_type: z.string(),
  duration: z.number().nullable(),
  thumbnail: z.string().nullable(),
  /** 0 for the first */
  position: z.number(),
});
export type ReviewItem = z.infer<typeof reviewItem>;

const keyFields = {
  shared_link: z.string().min(16).max(200).optional(),
  shared_asset: uuid().optional(),
  /** the file shown (a version of one of the link's files; its first file when absent) */
  ingest_db_id: uuid().optional(),
};

/** GET the viewer's watermarked copy of the file shown. */
export const watermarkQuery = z.object(keyFields);
/** POST starts it: a logged-in viewer's own e-mail is used, anyone else gives one. */
export const watermarkBody = z.object({ ...keyFields, email: email().optional() });
export const watermarkState = z.object({
  /** none: no copy asked for this file yet */
  status: z.enum(['none', 'pending', 'ready', 'failed']),
  viewer_email: z.string().nullable(),
  /** the watermarked stream, once ready */
  play_url: z.string().nullable(),
});
export type WatermarkState = z.infer<typeof watermarkState>;
