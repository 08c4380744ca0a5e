import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  MSG,
  SHARE_LINKS_TEXT,
  reviewPagePath,
  type editShareLinkAnswer,
  type editShareLinkBody,
  type ShareLinksPage,
} from '@rushes/shared';
import type { Config } from '../../config.ts';
import { shareLinkGrants, shareLinks } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { hashPassword } from '../../platform/auth/password.ts';
import { randomToken, sha256 } from '../../platform/auth/secrets.ts';
import { AppError, fieldError, forbidden } from '../../platform/http/errors.ts';
import { isLoopbackAddress } from '../../platform/http/loopback.ts';
import { requestOrigin } from '../../platform/http/requestOrigin.ts';
import './shares.events.ts';
import { recordAudit } from '../audit/index.ts';
import { openToken, sealToken } from './shares.linksSeal.ts';
import { selectProjectLinks } from './shares.sql.ts';
import { canAllowDownload, type LinksAccess } from './shares.policy.ts';

const loopback = (hostname: string) =>
  hostname === 'localhost' ||
  hostname.endsWith('.localhost') ||
  isLoopbackAddress(hostname.replace(/^\[|\]$/g, ''));

/**
 * Where a copied link points: the origin the member's browser reached (PUBLIC_URL's when it names the
 * same host: it knows the scheme behind a TLS proxy); from a browser on the loopback, PUBLIC_URL
 * unless it is loopback too. A loopback address only when the server has no other (then nobody
 * elsewhere could open any link of it).
 */
export function linkOrigin(req: FastifyRequest, config: Pick<Config, 'publicUrl'>): string {
  const configured = new URL(config.publicUrl);
  const asked = requestOrigin(req);
  const reached = asked ? new URL(asked) : null;
  if (reached && !loopback(reached.hostname))
    return reached.host === configured.host ? configured.origin : reached.origin;
  if (!loopback(configured.hostname) || !reached) return configured.origin;
  return reached.origin;
}

/**
 * The Share Links page (who may: members holding a share code, shares.policy.ts canManageLinks): a
 * project's links, a link's address again (from its sealed token), and changes to a link.
 */
export function createShareLinksService(ctx: AppContext) {
  const { db, events } = ctx;

  const one = async (access: LinksAccess, linkId: string) =>
    (await selectProjectLinks(db, access.project.id, { linkId })).links[0];

  return {
    async list(access: LinksAccess, cursor: string | undefined): Promise<ShareLinksPage> {
      const page = await selectProjectLinks(db, access.project.id, { cursor });
      return { ...page, can_allow_download: canAllowDownload(access) };
    },

    /** The link's review address on `origin`: 409 for a link made before tokens were sealed. */
    url(access: LinksAccess, origin: string) {
      const link = access.link!;
      if (link.revokedAt) throw new AppError(MSG.shareExpired, { status: 410 });
      const token = link.tokenSealed ? openToken(ctx.secret, link.id, link.tokenSealed) : null;
      if (!token) throw new AppError(SHARE_LINKS_TEXT.cannotCopy, { status: 409 });
      return { url: `${origin}${reviewPagePath(token)}` };
    },

    /**
     * Changes a live or expired link (a revoked one stays revoked): expiry from now, passcode set,
     * changed or removed (a change or removal ends the grants already given, so viewers are asked
     * again), download (the caller's own download right, as when sharing), watermark, a new token.
     */
    async edit(
      access: LinksAccess,
      body: z.infer<typeof editShareLinkBody>,
      origin: string,
    ): Promise<z.infer<typeof editShareLinkAnswer>> {
      const link = access.link!;
      if (link.revokedAt) throw new AppError(MSG.shareExpired, { status: 410 });
      if (body.is_download_allowed && !link.isDownloadAllowed && !canAllowDownload(access))
        throw forbidden(MSG.forbidden);
      const newPasscode = body.passcode_protection && body.passcode ? body.passcode : null;
      if (body.passcode_protection && !newPasscode && !link.passcodeHash)
        throw fieldError('passcode', MSG.required);
      const passcodeHash = newPasscode ? await hashPassword(newPasscode) : undefined;
      const token = body.new_token ? randomToken() : null;
      const endsGrants = Boolean(
        newPasscode || token || (body.passcode_protection === false && link.passcodeHash),
      );
      await events.transaction(db, async (tx, emit) => {
        await tx
          .update(shareLinks)
          .set({
            ...(body.duration !== undefined
              ? { expiresAt: new Date(Date.now() + body.duration * 3_600_000), durationHours: body.duration }
              : {}),
            ...(body.passcode_protection === false ? { passcodeHash: null } : {}),
            ...(passcodeHash ? { passcodeHash } : {}),
            ...(body.is_download_allowed !== undefined
              ? { isDownloadAllowed: body.is_download_allowed }
              : {}),
            ...(body.watermark !== undefined ? { watermark: body.watermark } : {}),
            ...(token
              ? { tokenHash: sha256(token), tokenSealed: sealToken(ctx.secret, link.id, token) }
              : {}),
          })
          .where(eq(shareLinks.id, link.id));
        if (endsGrants) await tx.delete(shareLinkGrants).where(eq(shareLinkGrants.linkId, link.id));
        // What changed, never the passcode or the token themselves.
        await recordAudit(tx, {
          teamId: access.project.teamId,
          action: 'shares.link_changed',
          target: { type: 'share_link', id: link.id, label: link.title },
          detail: {
            ...(body.duration !== undefined ? { hours: body.duration } : {}),
            ...(body.passcode_protection === false && link.passcodeHash ? { passcode: 'removed' } : {}),
            ...(newPasscode ? { passcode: link.passcodeHash ? 'changed' : 'set' } : {}),
            ...(body.is_download_allowed !== undefined ? { download: body.is_download_allowed } : {}),
            ...(body.watermark !== undefined ? { watermark: body.watermark } : {}),
            ...(token ? { new_address: true } : {}),
          },
        });
        emit('shares.links_changed', { assetId: link.assetId, projectId: link.projectId });
      });
      return {
        message: SHARE_LINKS_TEXT.linkUpdated,
        link: await one(access, link.id),
        url: token ? `${origin}${reviewPagePath(token)}` : null,
      };
    },
  };
}
