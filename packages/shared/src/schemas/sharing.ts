import { z } from 'zod';
import { REQUEST_PEOPLE_MAX } from '../rules/constants.ts';
import { MSG } from '../rules/messages.ts';
import {
  SHARE_DURATION_DEFAULT,
  SHARE_DURATION_MAX,
  SHARE_DURATION_MIN,
  SHARE_PASSCODE_MAX,
  SHARE_PASSCODE_MIN,
  SHARE_SETTING_FIELDS,
  SHARE_SETTINGS,
} from '../rules/sharing.ts';
import { email, uuid } from './fields.ts';
import { reviewItem } from './reviewPlaylist.ts';

/**
 * Sharing assets with people and by review link (spec 002 §3 Share settings and payload, §4 Share
 * panel, §5 duration and passcode rules, §6 removal permission, §7 Sharing calls).
 */

/** Share duration in hours: digits only, 1 to 120 (spec 002 §5). Accepts a number or a digit string. */
export const shareDuration = () =>
  z
    .union([z.string(), z.number()], { error: MSG.enterNumbersOnly })
    .transform((v) => String(v).trim())
    .refine((v) => /^\d+$/.test(v), MSG.enterNumbersOnly)
    .transform(Number)
    .refine((n) => n >= SHARE_DURATION_MIN && n <= SHARE_DURATION_MAX, MSG.shareDurationRange);

/** Passcode rule (spec 002 §5): no spaces first, then 8 to 16 characters. */
export function passcodeIssue(passcode: string | undefined): string | null {
  if (!passcode) return MSG.required;
  if (/\s/.test(passcode)) return MSG.removeAllBlankSpaces;
  if (passcode.length < SHARE_PASSCODE_MIN || passcode.length > SHARE_PASSCODE_MAX) return MSG.passcodeLength;
  return null;
}

export const shareSetting = z.object({
  field: z.enum(SHARE_SETTING_FIELDS),
  title: z.string().max(100).optional(),
  selected: z.boolean(),
});
export type ShareSetting = z.infer<typeof shareSetting>;

/** GET share settings: role editor when a task is present, else collaborator (spec 002 §6). */
export const shareSettingsQuery = z.object({
  role: z.enum(['editor', 'collaborator']).default('collaborator'),
});
export const shareSettingsAnswer = z.object({
  settings: z.array(shareSetting),
  duration: z.number(),
});
export type ShareSettingsAnswer = z.infer<typeof shareSettingsAnswer>;

/** The default list the panel starts from. */
export const defaultShareSettings = (): ShareSetting[] =>
  SHARE_SETTINGS.map((s) => ({ field: s.field, title: s.title, selected: s.selected }));

export const settingOn = (settings: readonly ShareSetting[], field: ShareSetting['field']) =>
  settings.some((s) => s.field === field && s.selected);

/**
 * POST share (spec 002 §3 payload): one asset (ingest_db_id) or several (ingest_db_ids, the panel's
 * multi-selection), people by id and/or e-mail, duration, settings, passcode. Added to the spec's
 * payload: `as_one_link` makes one link holding every asset in order (a playlist) instead of one per
 * asset; `folder_db_id` (instead of ingest_db_id) shares a folder as one link.
 */
export const shareBody = z
  .object({
    project_db_id: uuid(),
    ingest_db_id: uuid().optional(),
    ingest_db_ids: z.array(uuid()).max(50).default([]),
    as_one_link: z.boolean().default(false),
    folder_db_id: uuid().optional(),
    user_ids: z.array(uuid()).max(REQUEST_PEOPLE_MAX).default([]),
    user_emails: z.array(email()).max(REQUEST_PEOPLE_MAX).default([]),
    duration: shareDuration().default(SHARE_DURATION_DEFAULT),
    settings: z.array(shareSetting).max(10).default(defaultShareSettings),
    passcode: z.string().max(100).optional(),
    team_db_id: z.string().max(64).optional(),
  })
  .superRefine((v, ctx) => {
    // an asset or a folder, never both
    if (!v.ingest_db_id === !v.folder_db_id || (v.folder_db_id && v.ingest_db_ids.length))
      ctx.addIssue({ code: 'custom', path: ['ingest_db_id'], message: MSG.required });
    if (settingOn(v.settings, 'passcode_protection')) {
      const issue = passcodeIssue(v.passcode);
      if (issue) ctx.addIssue({ code: 'custom', path: ['passcode'], message: issue });
    }
  });
export type ShareBody = z.input<typeof shareBody>;
export type ShareBodyParsed = z.infer<typeof shareBody>;

export const shareAnswer = z.object({
  message: z.string(),
  /**
   * one review link per asset, or one for all (as_one_link, a folder: ingest_db_id names the first
   * asset or the folder); the Share Links page can copy them again
   */
  links: z.array(z.object({ ingest_db_id: z.string(), share_link_db_id: z.string(), url: z.string() })),
});
export type ShareAnswer = z.infer<typeof shareAnswer>;

/** GET shared users of an asset (spec 002 §3 shared users). */
export const sharedUsersQuery = z.object({ ingest_db_id: uuid() });
export const sharedLink = z.object({
  share_link_db_id: z.string(),
  created_on: z.string(),
  expires_on: z.string(),
  is_expired: z.boolean(),
  is_revoked: z.boolean(),
  is_download_allowed: z.boolean(),
  passcode_protection: z.boolean(),
  shared_by: z.string(),
  views: z.number(),
});
export type SharedLink = z.infer<typeof sharedLink>;
export const sharedUsers = z.object({
  users: z.array(z.object({ user_id: z.string(), name: z.string(), user_email: z.string() })),
  /** invited e-mails, shown 'Pending' until they join */
  user_emails: z.array(z.string()),
  shared_count: z.number(),
  /** the caller holds a code that removes shared users (spec 002 §6) */
  can_remove: z.boolean(),
  links: z.array(sharedLink),
});
export type SharedUsers = z.infer<typeof sharedUsers>;

/** PUT removes a shared user by user_db_id or user_email (spec 002 §7). */
export const removeSharedUserBody = z
  .object({
    ingest_db_id: uuid(),
    user_db_id: uuid().optional(),
    user_email: email().optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.user_db_id === !v.user_email)
      ctx.addIssue({ code: 'custom', path: ['user_db_id'], message: MSG.required });
  });
export type RemoveSharedUserBody = z.infer<typeof removeSharedUserBody>;

/** PUT revokes a review link at once. */
export const revokeLinkBody = z.object({ share_link_db_id: uuid() });

// ---- the public review page (no account) ----

/**
 * A review link is opened by a query parameter whose name starts with 'shared' (spec 002 §2):
 * shared_link carries the link's token (anyone holding it), shared_asset a 'Shared Assets' tray
 * card's share_id (its logged-in recipient; the server keeps only hashes of tokens).
 */
export const REVIEW_PARAM = 'shared_link' as const;
export const REVIEW_CARD_PARAM = 'shared_asset' as const;
const reviewKeyFields = {
  shared_link: z.string().min(16).max(200).optional(),
  shared_asset: uuid().optional(),
  /** a version of the link's stack (the newest when absent) */
  ingest_db_id: uuid().optional(),
};
const oneKey = (v: { shared_link?: string; shared_asset?: string }, ctx: z.RefinementCtx) => {
  if (!v.shared_link === !v.shared_asset)
    ctx.addIssue({ code: 'custom', path: ['shared_link'], message: MSG.linkNotFound });
};
export type ReviewKey = { shared_link?: string; shared_asset?: string; ingest_db_id?: string };
export const reviewQuery = z
  .object({
    ...reviewKeyFields,
    /** '1' on the page's own refreshes: not a new view */
    again: z.literal('1').optional(),
  })
  .superRefine(oneKey);
export const reviewFileQuery = z
  .object({
    ...reviewKeyFields,
    kind: z.enum(['play', 'original', 'thumbnail', 'page', 'page_thumb']),
    /** kind page, page_thumb: a PDF's page (from 1) */
    page: z.coerce.number().int().min(1).max(100_000).optional(),
    /** changes the address when the bytes behind it change (a watermarked copy made) */
    v: z.string().max(64).optional(),
  })
  .superRefine(oneKey);
export const unlockBody = z
  .object({ ...reviewKeyFields, passcode: z.string().min(1, MSG.required).max(100) })
  .superRefine(oneKey);

export const reviewVersion = z.object({ ingest_db_id: z.string(), version: z.number(), title: z.string() });
export const reviewAnswer = z.discriminatedUnion('state', [
  z.object({ state: z.literal('expired') }),
  z.object({ state: z.literal('passcode'), title: z.string() }),
  z.object({
    state: z.literal('open'),
    ingest_db_id: z.string(),
    title: z.string(),
    file_type: z.string(),
    duration: z.number().nullable(),
    frame_rate: z.number().nullable(),
    play_url: z.string().nullable(),
    thumbnail: z.string().nullable(),
    download_url: z.string().nullable(),
    shared_by: z.string(),
    expires_on: z.string(),
    /** the version shown, and the stack to switch between (v1 first) */
    version: z.number(),
    versions: z.array(reviewVersion),
    /** a PDF's rendered pages (file kind page), else null */
    page_count: z.number().nullable(),
    /** what the link holds; assets and folder list their files in `items` (empty for one asset) */
    kind: z.enum(['asset', 'assets', 'folder']),
    link_title: z.string().nullable(),
    items: z.array(reviewItem),
    /** the position in `items` of the file shown, null for one asset */
    current_item: z.number().nullable(),
    /**
     * The link burns the viewer's e-mail into what plays (play_url is null until their copy is
     * ready, see API.review.watermark); viewer_email is the e-mail it uses once known.
     */
    watermark: z.boolean(),
    viewer_email: z.string().nullable(),
  }),
]);
export type ReviewAnswer = z.infer<typeof reviewAnswer>;
export const unlockAnswer = z.object({ message: z.string() });

/** Version stacks. */
export const versionsQuery = z.object({ ingest_db_id: uuid() });
export const addVersionBody = z.object({ ingest_db_id: uuid(), version_ingest_db_id: uuid() });
export const versionsAnswer = z.object({ versions: z.array(reviewVersion) });
export const versionAdded = versionsAnswer.extend({ message: z.string() });
export type VersionsAnswer = z.infer<typeof versionsAnswer>;
