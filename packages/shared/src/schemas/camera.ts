import { z } from 'zod';
import { UPLOADER_KEY, UPLOADER_PLATFORMS } from '../rules/cameraBasics.ts';
import { MSG } from '../rules/messages.ts';
import { uuid } from './fields.ts';

/** Camera to edit (spec 001 §3, §7). */

export const cameraDetail = z.object({
  slug: z.string(),
  title: z.string(),
  passive: z.boolean(),
  ftps_explicit: z.boolean(),
  menu_path: z.string(),
  note: z.string(),
  sd_card_type: z.string(),
});
export type CameraDetail = z.infer<typeof cameraDetail>;

export const c2eFolder = z.object({ path: z.string(), folder_db_id: z.string() });
export type C2eFolder = z.infer<typeof c2eFolder>;

/** One C2E session (001 §3); hostname/port/username/password are its FTP account. */
export const c2eSession = z.object({
  c2e_session_db_id: z.string(),
  c2e_session_id: z.string(),
  camera_model: z.string(),
  camera_title: z.string(),
  folder_db_id: z.string().nullable(),
  folder_name: z.string(),
  is_active: z.boolean(),
  created_on: z.string(),
  status: z.string(),
  hostname: z.string(),
  /**
   * Whether `hostname` is a configured public host (FTP_PUBLIC_HOST). When false it is only PUBLIC_URL's
   * host (often `localhost`), so the web shows the host the browser reached the app by instead.
   */
  hostname_configured: z.boolean(),
  port: z.number(),
  allow_plain_ftp: z.boolean(),
  username: z.string(),
  password: z.string(),
  files_received: z.number(),
  bytes_received: z.number(),
  /** null: cameras can log in; else why the camera FTP server is not there (the web shows no credentials). */
  ftp_unavailable: z.enum(['off', 'port_in_use', 'failed']).nullable(),
});
export type C2eFtpUnavailable = NonNullable<C2eSession['ftp_unavailable']>;
export type C2eSession = z.infer<typeof c2eSession>;

export const c2eSessionQuery = z.object({ project_db_id: uuid(), c2e_session_db_id: uuid() });
export const createC2eBody = z.object({
  project_db_id: uuid(),
  /** a slug of CAMERA_MODELS (checked by the server; the catalogue stays out of the app's first load) */
  camera_model: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(60),
  folder_db_id: uuid().nullable().default(null),
  allow_plain_ftp: z.boolean().default(false),
});
export type CreateC2eBody = z.input<typeof createC2eBody>;
export const c2eActionBody = c2eSessionQuery.extend({ action: z.enum(['pause', 'resume']) });
export const c2eSessionsAnswer = z.object({
  c2e_sessions: z.array(c2eSession),
  is_session_active: z.boolean(),
  session_count: z.number(),
});

const oses = UPLOADER_PLATFORMS.map((p) => p.os) as [string, ...string[]];
export const uploaderDownloadQuery = z.object({ os: z.enum(oses), key: z.literal(UPLOADER_KEY) });

/** Personal access tokens (account settings): schemas/apiTokens.ts. */
export { accessToken, createTokenBody, revokeTokenBody, type AccessToken } from './apiTokens.ts';
