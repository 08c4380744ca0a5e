import { z } from 'zod';
import { API } from '../api.ts';
import { MSG } from '../rules/messages.ts';
import {
  UPLOAD_FILENAME_MAX,
  UPLOAD_FILENAME_PATTERN,
  UPLOAD_FOLDER_PATH_MAX,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_PARTS,
  UPLOAD_SIGN_BATCH_MAX,
  isRestrictedExtension,
  isValidUploadFolderPath,
} from '../rules/uploads.ts';
import { FILE_TYPES } from './projects.ts';
import { spriteLayout } from './sprite.ts';
import { uuid } from './fields.ts';

/**
 * The chunked-upload protocol (spec 002 §7 Uploads) and the player's asset detail. Flow:
 * start → PUT each part to its signed URL (the answer's ETag header) → complete with the parts;
 * sign-parts for more URLs, parts to resume, abort to cancel. Field names follow the spec
 * (folder_path, upload_id, ETag, PartNumber); the rest are ours (docs/decisions/0009-uploads-and-media.md).
 */

const uploadId = () => z.string().min(1).max(200);
const partNumber = () => z.number().int().min(1).max(UPLOAD_MAX_PARTS);

export const uploadFilename = () =>
  z
    .string({ error: MSG.required })
    .min(1, MSG.required)
    .max(UPLOAD_FILENAME_MAX, MSG.uploadNameInvalid)
    .regex(UPLOAD_FILENAME_PATTERN, MSG.uploadNameInvalid)
    .refine((v) => !isRestrictedExtension(v), MSG.uploadRestricted);

/** '/' for the target folder itself, '/A/B' for a file inside folders A/B of a folder upload. */
export const uploadFolderPath = () =>
  z.string().max(UPLOAD_FOLDER_PATH_MAX).default('/').refine(isValidUploadFolderPath, MSG.uploadNameInvalid);

/** POST API.uploads.root — start (create) an upload; same shape as the create-folder payload (000 §7). */
export const startUploadBody = z.object({
  project_db_id: uuid(),
  /** the folder the upload goes into; absent or null: the project root */
  folder_db_id: uuid().nullish(),
  data: z.object({
    upload_status: z.literal('started'),
    file_info: z.object({
      filename: uploadFilename(),
      /** relative to folder_db_id; its folders are created (or reused) on completion */
      folder_path: uploadFolderPath(),
      extension: z.string().max(20).default(''),
      size: z.number().int().min(0).max(UPLOAD_MAX_BYTES),
      mime_type: z.string().max(200).default('application/octet-stream'),
    }),
  }),
});
export type StartUploadBody = z.input<typeof startUploadBody>;

export const signedPart = z.object({
  PartNumber: z.number(),
  url: z.string(),
  /**
   * Bytes of this part the server already holds from a PUT that was cut off (filesystem driver
   * only): send the rest to partUrlFrom(url, offset). Absent when the part starts from byte 0.
   */
  offset: z.number().optional(),
});
export type SignedPart = z.infer<typeof signedPart>;

/**
 * The URL that continues a part from `offset` (the signed URL itself when offset is 0); `more`
 * marks a chunk that is not the part's last: the server keeps it and answers its new offset.
 */
export const partUrlFrom = (url: string, offset: number | undefined, more = false): string => {
  const extra = [offset ? `offset=${offset}` : '', more ? 'more=1' : ''].filter(Boolean).join('&');
  return extra ? `${url}${url.includes('?') ? '&' : '?'}${extra}` : url;
};

/**
 * Whether a signed part URL takes a part in acknowledged chunks (our filesystem driver's own
 * route; S3's presigned URLs take a part whole).
 */
export const takesPartChunks = (url: string): boolean =>
  new URL(url, 'http://relative.invalid').pathname === API.blobs.parts;

export const startUploadAnswer = z.object({
  upload_id: z.string(),
  /** reserved: the asset gets this id on completion (the Upload item's ingest_db_id, 002 §3) */
  ingest_db_id: z.string(),
  project_db_id: z.string(),
  /** every part is part_size bytes except the last; part_count parts in all */
  part_size: z.number(),
  part_count: z.number(),
  /** signed URLs for the first parts (at most UPLOAD_SIGN_BATCH_MAX); ask sign-parts for the rest */
  parts: z.array(signedPart),
  /** ISO time the signed URLs stop working */
  expires_at: z.string(),
});
export type StartUploadAnswer = z.infer<typeof startUploadAnswer>;

/** POST API.uploads.signParts — more signed URLs (also to re-sign expired ones). */
export const signPartsBody = z.object({
  project_db_id: uuid(),
  upload_id: uploadId(),
  part_numbers: z.array(partNumber()).min(1).max(UPLOAD_SIGN_BATCH_MAX),
});
export type SignPartsBody = z.infer<typeof signPartsBody>;
export const signPartsAnswer = z.object({ parts: z.array(signedPart), expires_at: z.string() });
export type SignPartsAnswer = z.infer<typeof signPartsAnswer>;

/** GET API.uploads.parts — the parts the server already has (resume after a reload or restart). */
export const listPartsQuery = z.object({ project_db_id: uuid(), upload_id: uploadId() });
export type ListPartsQuery = z.infer<typeof listPartsQuery>;
export const uploadedPart = z.object({ PartNumber: z.number(), ETag: z.string(), Size: z.number() });
export type UploadedPartInfo = z.infer<typeof uploadedPart>;
export const listPartsAnswer = z.object({
  upload_id: z.string(),
  ingest_db_id: z.string(),
  filename: z.string(),
  folder_path: z.string(),
  size: z.number(),
  part_size: z.number(),
  part_count: z.number(),
  parts: z.array(uploadedPart),
});
export type ListPartsAnswer = z.infer<typeof listPartsAnswer>;

/** GET API.uploads.sessions — the caller's unfinished uploads in a project (to offer resuming). */
export const listSessionsQuery = z.object({ project_db_id: uuid() });
export const uploadSession = z.object({
  upload_id: z.string(),
  ingest_db_id: z.string(),
  filename: z.string(),
  folder_path: z.string(),
  folder_db_id: z.string().nullable(),
  size: z.number(),
  part_size: z.number(),
  part_count: z.number(),
  created_on: z.string(),
});
export type UploadSession = z.infer<typeof uploadSession>;
export const listSessionsAnswer = z.object({ uploads: z.array(uploadSession) });

/** POST API.uploads.complete — parts ascending, each with the ETag its PUT answered. */
export const completeUploadBody = z.object({
  project_db_id: uuid(),
  upload_id: uploadId(),
  /** must equal the folder_path given at start */
  folder_path: uploadFolderPath(),
  parts: z
    .array(z.object({ ETag: z.string().min(1).max(200), PartNumber: partNumber() }))
    .min(1)
    .max(UPLOAD_MAX_PARTS),
});
export type CompleteUploadBody = z.input<typeof completeUploadBody>;
export const completeUploadAnswer = z.object({
  message: z.string(),
  ingest_db_id: z.string(),
  project_db_id: z.string(),
  /** the folder the asset landed in (null: project root) */
  parent_db_id: z.string().nullable(),
  status: z.number(),
});
export type CompleteUploadAnswer = z.infer<typeof completeUploadAnswer>;

/** DELETE API.uploads.root — abort: frees the stored parts; answers MSG.userCancelled. */
export const abortUploadBody = z.object({ project_db_id: uuid(), upload_id: uploadId() });
export type AbortUploadBody = z.infer<typeof abortUploadBody>;

// ---- player ----

/** GET API.media.asset — what the player page (/player/{id}) needs. */
export const playerAssetQuery = z.object({ ingest_db_id: uuid() });
export const playerAsset = z.object({
  ingest_db_id: z.string(),
  project_db_id: z.string(),
  title: z.string(),
  file_type: z.enum(FILE_TYPES),
  status: z.number(),
  extension: z.string().nullable(),
  mime_type: z.string().nullable(),
  format: z.string().nullable(),
  codec: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  duration: z.number().nullable(),
  /** the video's frames per second as probed (29.97, 24…); null for audio, images or not yet known */
  frame_rate: z.number().nullable(),
  file_size: z.number(),
  created_on: z.string(),
  /** what the <video>/<audio>/<img> plays: the proxy when there is one, else the original (null: nothing playable yet) */
  play_url: z.string().nullable(),
  /** the original's download (null: the caller lacks download_all_assets) */
  original_url: z.string().nullable(),
  proxy_url: z.string().nullable(),
  thumbnail: z.string().nullable(),
  /** the configured external player for this asset (id and project query), or null: use /player/{id} */
  external_player_url: z.string().nullable(),
  /** a PDF's pages rendered to images (mediaFileUrl(id, 'page', v, n), n from 1); null for anything else */
  page_count: z.number().int().nullable(),
  /** the hover-scrub sprite sheet of a video (its image: mediaFileUrl(id, 'sprite', v)); null until made */
  sprite: spriteLayout.nullable(),
});
export type PlayerAsset = z.infer<typeof playerAsset>;

/** GET API.media.config — whether an external player is configured (002 §2). */
export const playerConfigAnswer = z.object({ external_player_url: z.string().nullable() });
export type PlayerConfigAnswer = z.infer<typeof playerConfigAnswer>;

/**
 * 'play' is what the player streams (the proxy, else a browser-playable original, always inline);
 * 'original' is the download of the original, gated by download_all_assets; 'sprite' the video's
 * hover-scrub sheet; 'page' one rendered page of a PDF (with `page`, from 1), 'page_thumb' the same
 * page small, for the page strip (the full page for documents rendered before there were small ones).
 */
export const MEDIA_KINDS = [
  'original',
  'proxy',
  'thumbnail',
  'play',
  'sprite',
  'page',
  'page_thumb',
] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];
/** GET API.media.file — the bytes, with Range support; cookie-authenticated, so <video src> works. */
export const mediaFileQuery = z.object({
  ingest_db_id: uuid(),
  kind: z.enum(MEDIA_KINDS),
  /** kind page, page_thumb: the page (from 1); 404 past the last */
  page: z.coerce.number().int().min(1).max(100_000).optional(),
});
