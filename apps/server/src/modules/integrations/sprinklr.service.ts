import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  INTEGRATION_TEXT,
  MSG,
  SPRINKLR_TEXT,
  displayName,
  sprinklrCreateBody,
  type SprinklrIntegration,
} from '@rushes/shared';
import type { z } from 'zod';
import { integrationShares, integrations } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { recordAudit } from '../audit/index.ts';
import { badRequest, forbidden } from '../../platform/http/errors.ts';
import { findAsset } from '../assets/index.ts';
import { authorizeProject, canShareAssets } from '../projects/index.ts';
import { createTransfer, transferView } from '../transfers/index.ts';
import { findUserById } from '../users/index.ts';
import type { TeamAccess } from '../teams/index.ts';
import type { IntegrationAccess } from './integrations.policy.ts';
import type { IntegrationRow } from './integrations.rows.ts';
import {
  SPRINKLR_ENVIRONMENTS,
  SprinklrError,
  createSprinklrClient,
  isEnvironment,
} from './sprinklr.client.ts';

const s = (row: IntegrationRow, k: string) => row.settings?.[k] ?? '';

export function sprinklrView(row: IntegrationRow): SprinklrIntegration {
  return {
    integration_db_id: row.id,
    environment: s(row, 'environment'),
    business_unit: s(row, 'business_unit'),
    // Names are kept at creation (a Sprinklr call per list would be slow and fail with Sprinklr);
    // a row made before they were kept shows its id.
    business_unit_name: s(row, 'business_unit_name') || s(row, 'business_unit'),
    campaign_id: s(row, 'campaign_id'),
    campaign_name: s(row, 'campaign_name'),
    agency_for_media_assets: row.settings?.agency_for_media_assets ?? null,
    agency_for_media_assets_name:
      row.settings?.agency_for_media_assets_name ?? row.settings?.agency_for_media_assets ?? null,
    status: row.status,
    integration_type: 'sprinklr_integration',
    created_at: row.createdAt.toISOString(),
  };
}

/** Why a campaign cannot be used, in Sprinklr's terms (spec 002 §5), or null when it is APPROVED. */
export function campaignProblem(c: { deleted: boolean; archived: boolean; status: string }) {
  if (c.deleted) return SPRINKLR_TEXT.campaignDeleted;
  if (c.archived) return SPRINKLR_TEXT.campaignArchived;
  if (c.status !== 'APPROVED') return SPRINKLR_TEXT.campaignDraft;
  return null;
}

/**
 * Sprinklr's routes. Their policies ran before the handler (integrations.policy.ts): the team's rule
 * for the calls naming a team, the Sprinklr integration with its team's rule for those naming one.
 */
export function createSprinklrService(ctx: AppContext) {
  const { db, events } = ctx;
  const api = createSprinklrClient(ctx);
  const env = (e: string) => {
    if (!ctx.config.SPRINKLR_API_KEY) throw badRequest(SPRINKLR_TEXT.notConfigured);
    if (!isEnvironment(e)) throw badRequest(MSG.required);
    return e;
  };

  async function validate(q: { environment: string; campaign_id: string }) {
    try {
      const c = await api.campaign(env(q.environment), q.campaign_id);
      return {
        deleted: c.deleted,
        archived: c.archived,
        status: c.status,
        name: c.name,
        message: campaignProblem(c),
      };
    } catch (err) {
      if (err instanceof SprinklrError) throw badRequest(INTEGRATION_TEXT.invalidCampaignId);
      throw err;
    }
  }

  return {
    async list(teamId: string) {
      const rows = await db
        .select()
        .from(integrations)
        .where(and(eq(integrations.teamId, teamId), eq(integrations.service, 'sprinklr')))
        .orderBy(asc(integrations.createdAt));
      return rows.map(sprinklrView);
    },

    detail(row: IntegrationRow) {
      return sprinklrView(row);
    },

    /** Environments; with one: its business units, agency options and preselected campaign. */
    async options(q: { environment?: string; business_units?: boolean }) {
      const out = {
        environments: SPRINKLR_ENVIRONMENTS,
        business_units: [] as { value: string; label: string }[],
        agency_for_media_assets: [] as { value: string; label: string }[],
        campaign: null as { id: string; name: string } | null,
      };
      if (!q.environment || !q.business_units) return out;
      const e = env(q.environment);
      const [units, agencies, preselected] = await Promise.all([
        api.businessUnits(e),
        api.agencies(e),
        api.defaultCampaign(e).catch(() => null),
      ]);
      out.business_units = units.map((u) => ({ value: String(u.id), label: u.name }));
      out.agency_for_media_assets = agencies.map((a) => ({ value: a.id, label: a.name }));
      if (preselected?.id) {
        const c = await api.campaign(e, preselected.id).catch(() => null);
        if (c && !campaignProblem(c)) out.campaign = { id: c.id, name: c.name };
      }
      return out;
    },

    validate,

    /**
     * Create (spec 002 §4): the campaign is validated again here; only an APPROVED one is kept. The
     * business unit and agency must be ones the options offered; their names are kept beside the ids
     * so lists and the share panel show names without asking Sprinklr.
     */
    async create({ userId }: TeamAccess, body: z.output<typeof sprinklrCreateBody>) {
      const campaign = await validate(body);
      if (campaign.message) throw badRequest(campaign.message);
      const e = env(body.environment);
      const [units, agencies] = await Promise.all([
        api.businessUnits(e),
        body.agency_for_media_assets ? api.agencies(e) : Promise.resolve([]),
      ]);
      const unit = units.find((u) => String(u.id) === body.business_unit);
      if (!unit) throw badRequest(SPRINKLR_TEXT.unknownBusinessUnit);
      const agency = agencies.find((a) => String(a.id) === body.agency_for_media_assets);
      if (body.agency_for_media_assets && !agency) throw badRequest(SPRINKLR_TEXT.unknownAgency);
      const row = await db.transaction(async (tx) => {
        const [made] = await tx
          .insert(integrations)
          .values({
            teamId: body.team_db_id,
            service: 'sprinklr',
            region: '',
            status: 'integrated',
            settings: {
              environment: body.environment,
              business_unit: body.business_unit,
              business_unit_name: unit.name,
              campaign_id: body.campaign_id,
              campaign_name: campaign.name,
              agency_for_media_assets: body.agency_for_media_assets ?? null,
              agency_for_media_assets_name: agency?.name ?? null,
            },
            createdBy: userId,
          })
          .returning();
        await recordAudit(tx, {
          teamId: made.teamId,
          action: 'integrations.created',
          target: { type: 'integration', id: made.id, label: `sprinklr: ${campaign.name}` },
          detail: { service: 'sprinklr', campaign_id: body.campaign_id },
        });
        return made;
      });
      return { message: INTEGRATION_TEXT.integrationCreated, integration: sprinklrView(row) };
    },

    async remove(row: IntegrationRow) {
      await db.transaction(async (tx) => {
        await tx.delete(integrations).where(eq(integrations.id, row.id));
        await recordAudit(tx, {
          teamId: row.teamId,
          action: 'integrations.deleted',
          target: { type: 'integration', id: row.id, label: row.service },
        });
      });
      return { message: INTEGRATION_TEXT.integrationDeleted };
    },

    async shareTargets(q: { team_db_id: string; project_db_id: string }) {
      const rows = await this.list(q.team_db_id);
      return rows.map((r) => ({
        integration_db_id: r.integration_db_id,
        business_unit: r.business_unit,
        business_unit_name: r.business_unit_name,
        agency_for_media_assets: r.agency_for_media_assets,
        agency_for_media_assets_name: r.agency_for_media_assets_name,
        campaign_name: r.campaign_name,
      }));
    },

    /**
     * Who shared each asset through an integration (asset shared_detail.sprinklr_shared_by). Members
     * of the project: the route's policy, projects.canViewProject, checked before the handler.
     */
    async sharedStatus(userId: string, q: { project_db_id: string; ingest_db_ids: string }) {
      const ids = q.ingest_db_ids
        .split(',')
        .filter((x) => /^[0-9a-f-]{36}$/i.test(x))
        .slice(0, 200);
      const rows = ids.length
        ? await db.select().from(integrationShares).where(inArray(integrationShares.assetId, ids))
        : [];
      const out = [];
      for (const id of ids) {
        const row = rows.find((r) => r.assetId === id);
        const user = row ? await findUserById(db, row.sharedBy) : null;
        out.push({
          ingest_db_id: id,
          sprinklr_shared_by: user
            ? { user_id: user.id, name: displayName(user.firstName, user.lastName) }
            : null,
        });
      }
      return { assets: out };
    },

    /**
     * Share to a campaign (spec 002 §4, §5, §6). An asset someone else shared through an integration
     * is refused ('This asset has been shared by {name}'); assets already shared to this campaign come
     * back as `files` and nothing is shared (Proceed retries without them); else one 'share' transfer
     * uploads each to Sprinklr's asset manager and creates the asset with the campaign id.
     */
    async share(
      { integration: row, userId }: IntegrationAccess,
      body: { project_db_id: string; integration_db_id: string; ingest_db_ids: string[] },
    ) {
      const access = await authorizeProject(db, userId, body.project_db_id, canShareAssets);
      if (access.project.teamId !== row.teamId) throw forbidden(INTEGRATION_TEXT.wrongTeam);
      const ids = [...new Set(body.ingest_db_ids)];
      const assets: NonNullable<Awaited<ReturnType<typeof findAsset>>>[] = [];
      for (const id of ids) {
        const a = await findAsset(db, id);
        if (!a || a.projectId !== body.project_db_id || a.isFolder || !a.blobKey)
          throw badRequest(MSG.notFound);
        assets.push(a);
      }
      const shares = await db.select().from(integrationShares).where(inArray(integrationShares.assetId, ids));
      const byOther = shares.find((x) => x.sharedBy !== userId);
      if (byOther) {
        const user = await findUserById(db, byOther.sharedBy);
        throw badRequest(SPRINKLR_TEXT.sharedBy(user ? displayName(user.firstName, user.lastName) : ''));
      }
      const already = assets.filter((a) =>
        shares.some((x) => x.assetId === a.id && x.integrationId === row.id),
      );
      if (already.length)
        return {
          message: SPRINKLR_TEXT.alreadyShared,
          files: already.map((a) => ({ ingest_db_id: a.id, filename: a.title })),
          transfer: null,
        };
      const transfer = await events.transaction(db, async (tx, emit) => {
        await tx
          .insert(integrationShares)
          .values(assets.map((a) => ({ integrationId: row.id, assetId: a.id, sharedBy: userId })));
        return createTransfer(tx, emit, {
          teamId: row.teamId,
          projectId: body.project_db_id,
          integrationId: row.id,
          service: 'sprinklr',
          transferType: 'share',
          title: `Share of ${assets.length === 1 ? '1 file' : `${assets.length} files`} to ${s(row, 'campaign_name')}`,
          userId,
          shareFromPs: true,
          destination: s(row, 'campaign_name'),
          options: { environment: s(row, 'environment'), campaign_id: s(row, 'campaign_id') },
          items: assets.map((a) => ({
            source: a.id,
            target: a.id,
            title: a.title,
            sizeBytes: Number(a.sizeBytes),
          })),
        });
      });
      ctx.jobs.wake();
      return { message: SPRINKLR_TEXT.shareStarted, files: [], transfer: transferView(transfer) };
    },
  };
}
