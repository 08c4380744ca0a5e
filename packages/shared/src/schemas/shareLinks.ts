import { z } from 'zod';
import { addProductMessages } from '../rules/messages.ts';
import { SHARE_LINKS_TEXT } from '../rules/shareLinksText.ts';
import { uuid } from './fields.ts';
import { passcodeIssue, shareDuration } from './sharing.ts';

/**
 * A project's Share Links page: every review link of the project newest first, copy one again (its
 * token is kept sealed), change its expiry, passcode, download and watermark, or give it a new
 * address (links made before tokens were sealed).
 */

addProductMessages(
  Object.values(SHARE_LINKS_TEXT as Record<string, unknown>).filter((v) => typeof v === 'string'),
);

export const SHARE_LINKS_PAGE_SIZE = 30;

/** GET a project's links, newest first; `cursor` is the previous page's next_cursor. */
export const shareLinksQuery = z.object({
  project_db_id: uuid(),
  cursor: z.string().max(200).optional(),
});

export const shareLinkAsset = z.object({ ingest_db_id: z.string(), title: z.string() });

export const projectShareLink = z.object({
  share_link_db_id: z.string(),
  kind: z.enum(['asset', 'assets', 'folder']),
  /** the link's title, else its first asset's or its folder's */
  title: z.string(),
  /** the assets in playlist order (the first 20); a folder link: empty, see `folder` */
  assets: z.array(shareLinkAsset),
  asset_count: z.number(),
  folder: shareLinkAsset.nullable(),
  shared_by: z.string(),
  created_on: z.string(),
  expires_on: z.string(),
  is_expired: z.boolean(),
  is_revoked: z.boolean(),
  passcode_protection: z.boolean(),
  is_download_allowed: z.boolean(),
  watermark: z.boolean(),
  views: z.number(),
  last_viewed_on: z.string().nullable(),
  /** its token is kept sealed, so Copy link works; false: only a new link can be copied */
  can_copy: z.boolean(),
});
export type ProjectShareLink = z.infer<typeof projectShareLink>;

export const shareLinksPage = z.object({
  links: z.array(projectShareLink),
  next_cursor: z.string().nullable(),
  /** the caller may allow downloads (their own right to download originals) */
  can_allow_download: z.boolean(),
});
export type ShareLinksPage = z.infer<typeof shareLinksPage>;

/**
 * PUT change a link. Each field is optional (absent: unchanged). `duration`: the link now expires
 * that many hours from now (1 to 120, spec 002 §5). `passcode_protection` false removes the passcode;
 * true with `passcode` sets or changes it (spec 002 §5 rules); true without keeps the current one.
 * `new_token`: a new address (the old one stops working), answered in `url`.
 */
export const editShareLinkBody = z
  .object({
    share_link_db_id: uuid(),
    duration: shareDuration().optional(),
    passcode_protection: z.boolean().optional(),
    passcode: z.string().max(100).optional(),
    is_download_allowed: z.boolean().optional(),
    watermark: z.boolean().optional(),
    new_token: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.passcode_protection && v.passcode !== undefined && v.passcode !== '') {
      const issue = passcodeIssue(v.passcode);
      if (issue) ctx.addIssue({ code: 'custom', path: ['passcode'], message: issue });
    }
  });
export type EditShareLinkBody = z.input<typeof editShareLinkBody>;

export const editShareLinkAnswer = z.object({
  message: z.string(),
  link: projectShareLink,
  /** the review page's address when a new token was made */
  url: z.string().nullable(),
});

/** GET a link's address again, on the origin the caller reached (never loopback while another exists). */
export const linkUrlQuery = z.object({ share_link_db_id: uuid() });
export const linkUrlAnswer = z.object({ url: z.string() });
