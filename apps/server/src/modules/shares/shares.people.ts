import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  MSG,
  SHARE_LINKS_TEXT,
  reviewPagePath,
  settingOn,
  type RemoveSharedUserBody,
  type ShareAnswer,
  type ShareBodyParsed,
  type SharedUsers,
} from '@rushes/shared';
import type { Tx } from '../../db/client.ts';
import {
  assetShares,
  shareLinkItems,
  shareLinkRecipients,
  shareLinkViews,
  shareLinks,
  teamMembers,
  users,
} from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { hashPassword } from '../../platform/auth/password.ts';
import { randomToken, sha256 } from '../../platform/auth/secrets.ts';
import { fieldError, notFound } from '../../platform/http/errors.ts';
import { notify } from '../notifications/index.ts';
import { recordAudit } from '../audit/index.ts';
import { teamOfProject } from '../projects/index.ts';
import './shares.events.ts';
import { shareMails } from './shares.mails.ts';
import {
  canRemoveSharedUser,
  canShare,
  type ShareAccess,
  type ShareLinkRow,
  type SharedAssetAccess,
} from './shares.policy.ts';
import { recordShares } from './shares.service.ts';
import { sealToken } from './shares.linksSeal.ts';
import { dropWatermarksOfLink } from './shares.watermark.ts';

const nameOf = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

type LinkKind = 'asset' | 'assets' | 'folder';

/**
 * The links one share makes: one per asset (spec 002 §3), one holding every asset in order
 * (`as_one_link`), or one for a folder (the policy loaded only the folder then).
 */
function linksToMake(shared: ShareAccess['assets'], body: ShareBodyParsed) {
  if (body.folder_db_id) return [{ kind: 'folder' as LinkKind, assets: shared }];
  if (body.as_one_link && shared.length > 1) return [{ kind: 'assets' as LinkKind, assets: shared }];
  return shared.map((a) => ({ kind: 'asset' as LinkKind, assets: [a] }));
}

/**
 * People a caller may share with by id: those who share a team with them or are members of the
 * project (the user search finds the same people; an e-mail reaches anyone).
 */
async function findRecipients(tx: Tx, callerId: string, ids: string[], emails: string[]) {
  const byId = ids.length
    ? await tx
        .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(
          and(
            inArray(users.id, ids),
            sql`exists (select 1 from ${teamMembers} mine join ${teamMembers} theirs on theirs.team_id = mine.team_id
              where mine.user_id = ${callerId} and theirs.user_id = ${users.id})`,
          ),
        )
    : [];
  if (byId.length !== new Set(ids).size) throw fieldError('user_ids', MSG.noUserFound);
  const byEmail = emails.length
    ? await tx
        .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(inArray(sql`lower(${users.email})`, emails))
    : [];
  const people = new Map([...byId, ...byEmail].map((u) => [u.id, u]));
  people.delete(callerId);
  const known = new Set(byEmail.map((u) => u.email.toLowerCase()));
  const invited = [...new Set(emails)].filter((e) => !known.has(e));
  return { people: [...people.values()], invited };
}

/** Sharing to people (spec 002 §3, §4, §6, §7), the shared users list and link revocation. */
export function createSharePeopleService(ctx: AppContext) {
  const { db, events, config } = ctx;

  return {
    /**
     * The assets and the caller's access the route's policy checked (shares.policy.ts sharePolicy):
     * each one shareable by the caller, in the body's project, downloads allowed only by those who
     * may download originals.
     */
    async share(
      { userId, assets: shared, project }: ShareAccess,
      body: ShareBodyParsed,
    ): Promise<ShareAnswer> {
      const protectedByPasscode = settingOn(body.settings, 'passcode_protection');
      const downloadAllowed = settingOn(body.settings, 'is_download_allowed');
      // argon2 outside the transaction: it is slow on purpose
      const passcodeHash = protectedByPasscode ? await hashPassword(body.passcode!) : null;
      const links = await events.transaction(db, async (tx, emit) => {
        const { people, invited } = await findRecipients(tx, userId, body.user_ids, body.user_emails);
        const [sharer] = await tx.select().from(users).where(eq(users.id, userId));
        const sharerName = sharer ? nameOf(sharer) : 'A teammate';
        const expiresAt = new Date(Date.now() + body.duration * 3_600_000);
        const out: ShareAnswer['links'] = [];
        for (const made of linksToMake(shared, body)) {
          const asset = made.assets[0];
          const title =
            made.assets.length > 1
              ? SHARE_LINKS_TEXT.manyTitle(asset.title, made.assets.length - 1)
              : asset.title;
          const token = randomToken();
          const id = randomUUID();
          const [link] = await tx
            .insert(shareLinks)
            .values({
              id,
              kind: made.kind,
              tokenSealed: sealToken(ctx.secret, id, token),
              assetId: asset.id,
              projectId: asset.projectId,
              createdBy: userId,
              tokenHash: sha256(token),
              expiresAt,
              durationHours: body.duration,
              isDownloadAllowed: downloadAllowed,
              passcodeHash,
            })
            .returning();
          if (made.kind === 'assets')
            await tx
              .insert(shareLinkItems)
              .values(made.assets.map((a, position) => ({ linkId: id, assetId: a.id, position })));
          const rows = [
            ...people.map((p) => ({ linkId: link.id, userId: p.id })),
            ...invited.map((email) => ({ linkId: link.id, email })),
          ];
          if (rows.length) await tx.insert(shareLinkRecipients).values(rows);
          await recordAudit(tx, {
            teamId: project.teamId,
            action: 'shares.link_created',
            target: { type: 'share_link', id, label: title },
            detail: {
              kind: made.kind,
              hours: body.duration,
              download: downloadAllowed,
              passcode: protectedByPasscode,
              recipients: rows.length,
            },
          });
          // One tray card per link, by the asset the link names (its first; a folder has no card:
          // the tray lists files).
          if (made.kind !== 'folder')
            await recordShares(tx, emit, {
              assetId: asset.id,
              userIds: people.map((p) => p.id),
              sharedBy: userId,
            });
          await notify(tx, emit, {
            userIds: people.map((p) => p.id),
            type: 'asset_shared',
            title: MSG.sharedWithYouTitle,
            message: `${sharerName} shared ${title} with you`,
            projectId: asset.projectId,
            // a folder has no player to open: the entry leads to its project
            assetId: made.kind === 'folder' ? null : asset.id,
            actorUserId: userId,
          });
          const path = reviewPagePath(token);
          for (const to of [
            ...people.map((p) => ({ email: p.email, invited: false })),
            ...invited.map((email) => ({ email, invited: true })),
          ]) {
            await ctx.mailer.send(
              tx,
              shareMails.shared({
                to: to.email,
                sharerName,
                assetTitle: title,
                url: `${config.publicUrl}${path}`,
                hours: body.duration,
                passcode: protectedByPasscode,
                invited: to.invited,
              }),
            );
          }
          emit('shares.links_changed', { assetId: asset.id, projectId: asset.projectId });
          out.push({ ingest_db_id: asset.id, share_link_db_id: link.id, url: path });
        }
        return out;
      });
      ctx.jobs.wake();
      return { message: MSG.assetShared, links };
    },

    /** The asset and access its route's policy loaded (sharedAssetPolicy). */
    async sharedUsers(access: SharedAssetAccess): Promise<SharedUsers> {
      const { asset } = access;
      const people = await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(assetShares)
        .innerJoin(users, eq(users.id, assetShares.sharedWithUserId))
        .where(eq(assetShares.assetId, asset.id))
        .orderBy(desc(assetShares.createdAt), desc(assetShares.id));
      const pending = await db
        .selectDistinct({ email: shareLinkRecipients.email })
        .from(shareLinkRecipients)
        .innerJoin(shareLinks, eq(shareLinks.id, shareLinkRecipients.linkId))
        .where(
          and(
            eq(shareLinks.assetId, asset.id),
            isNotNull(shareLinkRecipients.email),
            isNull(shareLinkRecipients.userId),
          ),
        );
      const mayShare = canShare(access);
      const links = mayShare
        ? await db
            .select({
              l: shareLinks,
              firstName: users.firstName,
              lastName: users.lastName,
              views: sql<number>`(select count(*)::int from ${shareLinkViews} v where v.link_id = ${shareLinks.id})`,
            })
            .from(shareLinks)
            .leftJoin(users, eq(users.id, shareLinks.createdBy))
            .where(eq(shareLinks.assetId, asset.id))
            .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id))
            .limit(50)
        : [];
      const now = Date.now();
      const emails = pending.map((p) => p.email!).sort();
      return {
        users: people.map((p) => ({ user_id: p.id, name: nameOf(p), user_email: p.email })),
        user_emails: emails,
        shared_count: people.length + emails.length,
        can_remove: canRemoveSharedUser(access),
        links: links.map(({ l, firstName, lastName, views }) => ({
          share_link_db_id: l.id,
          created_on: l.createdAt.toISOString(),
          expires_on: l.expiresAt.toISOString(),
          is_expired: l.expiresAt.getTime() <= now,
          is_revoked: l.revokedAt !== null,
          is_download_allowed: l.isDownloadAllowed,
          passcode_protection: l.passcodeHash !== null,
          shared_by: firstName !== null ? nameOf({ firstName, lastName: lastName ?? '' }) : '',
          views: Number(views),
        })),
      };
    },

    /**
     * PUT removes one shared user or invited e-mail from every share of the asset (spec 002 §6, §7):
     * the asset the route's policy checked (shares.canRemoveSharedUser).
     */
    async removeSharedUser({ asset }: SharedAssetAccess, body: RemoveSharedUserBody) {
      await events.transaction(db, async (tx, emit) => {
        const linksOfAsset = tx
          .select({ id: shareLinks.id })
          .from(shareLinks)
          .where(eq(shareLinks.assetId, asset.id));
        const removed = await tx
          .delete(shareLinkRecipients)
          .where(
            and(
              inArray(shareLinkRecipients.linkId, linksOfAsset),
              body.user_db_id
                ? eq(shareLinkRecipients.userId, body.user_db_id)
                : and(isNull(shareLinkRecipients.userId), eq(shareLinkRecipients.email, body.user_email!)),
            ),
          )
          .returning({ id: shareLinkRecipients.id });
        const cards = body.user_db_id
          ? await tx
              .delete(assetShares)
              .where(
                and(eq(assetShares.assetId, asset.id), eq(assetShares.sharedWithUserId, body.user_db_id)),
              )
              .returning({ shareId: assetShares.id, userId: assetShares.sharedWithUserId })
          : [];
        if (removed.length === 0 && cards.length === 0) throw notFound(MSG.noUserFound);
        if (cards.length) emit('shares.removed', { shares: cards });
        emit('shares.links_changed', { assetId: asset.id, projectId: asset.projectId });
      });
      return { message: MSG.deletedUser };
    },

    /**
     * Revokes a review link at once: the link the route's policy loaded for whoever may share its
     * asset (shares.policy.ts revokeLinkPolicy).
     */
    async revoke(link: ShareLinkRow) {
      await events.transaction(db, async (tx, emit) => {
        await tx
          .update(shareLinks)
          .set({ revokedAt: sql`now()` })
          .where(eq(shareLinks.id, link.id));
        await recordAudit(tx, {
          teamId: await teamOfProject(tx, link.projectId),
          action: 'shares.link_revoked',
          target: { type: 'share_link', id: link.id, label: link.title },
        });
        await dropWatermarksOfLink(tx, link.id);
        emit('shares.links_changed', { assetId: link.assetId, projectId: link.projectId });
      });
      return { message: MSG.linkRevoked };
    },
  };
}
