import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  WEBHOOK_LIMITS,
  WEBHOOK_PING,
  WEBHOOK_TEXT,
  type CreateWebhookBody,
  type UpdateWebhookBody,
  type WebhookDeliveryView,
  type WebhookEndpointView,
} from '@rushes/shared';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, fieldError } from '../../platform/http/errors.ts';
import { parseTrustedHosts } from '../../platform/http/outbound.ts';
import { secretBoxFor } from '../../platform/security/secretBox.ts';
import { recordAudit } from '../audit/index.ts';
import type { TeamAccess } from '../teams/index.ts';
import { addDeliveries } from './webhooks.fanout.ts';
import type { DeliveryRow, EndpointRow } from './webhooks.policy.ts';
import { isTrustedUrl, newWebhookSecret } from './webhooks.sign.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const presentEndpoint = (e: EndpointRow): WebhookEndpointView => ({
  webhook_endpoint_db_id: e.id,
  url: e.url,
  description: e.description,
  events: e.events,
  enabled: e.enabled,
  created_at: e.createdAt.toISOString(),
});

export const presentDelivery = (d: DeliveryRow): WebhookDeliveryView => ({
  webhook_delivery_db_id: d.id,
  event_id: d.eventId,
  event: d.event,
  status: d.status as WebhookDeliveryView['status'],
  attempts: d.attempts,
  next_attempt_at: iso(d.nextAttemptAt),
  response_status: d.responseStatus,
  response_body: d.responseBody,
  duration_ms: d.durationMs,
  attempt_log: d.attemptLog,
  is_test: d.isTest,
  delivered_at: iso(d.deliveredAt),
  created_at: d.createdAt.toISOString(),
});

/** The team admin's endpoints: add (the secret answered once), change, delete, rotate, test, deliveries. */
export function createWebhooksService(ctx: AppContext) {
  const { db } = ctx;
  const box = secretBoxFor(ctx.config, ctx.secret);
  const trusted = parseTrustedHosts(ctx.config.OUTBOUND_TRUSTED_HOSTS);

  /** https only; plain http only to a host listed in OUTBOUND_TRUSTED_HOSTS (a local receiver). */
  function checkUrl(url: string) {
    const u = new URL(url);
    if (u.protocol !== 'https:' && !isTrustedUrl(u, trusted)) throw fieldError('url', WEBHOOK_TEXT.httpsOnly);
  }

  return {
    async list(teamId: string) {
      const rows = await db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.teamId, teamId))
        .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
      return { endpoints: rows.map(presentEndpoint), limit: WEBHOOK_LIMITS.endpointsPerTeam };
    },

    async create(access: TeamAccess, body: CreateWebhookBody & { description: string }) {
      checkUrl(body.url);
      const secret = newWebhookSecret();
      const endpoint = await db.transaction(async (tx) => {
        // one team's adds queue behind each other, so the limit holds under concurrent requests
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhooks:${access.team.id}`}))`);
        const [{ n }] = await tx
          .select({ n: count() })
          .from(webhookEndpoints)
          .where(eq(webhookEndpoints.teamId, access.team.id));
        if (n >= WEBHOOK_LIMITS.endpointsPerTeam) throw badRequest(WEBHOOK_TEXT.tooManyEndpoints);
        const [row] = await tx
          .insert(webhookEndpoints)
          .values({
            teamId: access.team.id,
            url: body.url,
            description: body.description,
            events: [...new Set(body.events)],
            secretSealed: box.seal(secret),
            createdBy: access.userId,
          })
          .returning();
        await recordAudit(tx, {
          teamId: access.team.id,
          action: 'webhooks.endpoint_created',
          target: { type: 'webhook_endpoint', id: row.id, label: row.url },
          detail: { events: row.events },
        });
        return row;
      });
      return { message: WEBHOOK_TEXT.endpointCreated, endpoint: presentEndpoint(endpoint), secret };
    },

    async update(endpoint: EndpointRow, body: UpdateWebhookBody) {
      if (body.url !== undefined) checkUrl(body.url);
      const [row] = await db
        .update(webhookEndpoints)
        .set({
          ...(body.url !== undefined && { url: body.url }),
          ...(body.description !== undefined && { description: body.description }),
          ...(body.events !== undefined && { events: [...new Set(body.events)] }),
          ...(body.enabled !== undefined && { enabled: body.enabled }),
        })
        .where(eq(webhookEndpoints.id, endpoint.id))
        .returning();
      return { message: WEBHOOK_TEXT.endpointUpdated, endpoint: presentEndpoint(row) };
    },

    async remove(endpoint: EndpointRow) {
      await db.transaction(async (tx) => {
        await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
        await recordAudit(tx, {
          teamId: endpoint.teamId,
          action: 'webhooks.endpoint_deleted',
          target: { type: 'webhook_endpoint', id: endpoint.id, label: endpoint.url },
        });
      });
      return { message: WEBHOOK_TEXT.endpointDeleted };
    },

    async rotateSecret(endpoint: EndpointRow) {
      const secret = newWebhookSecret();
      await db
        .update(webhookEndpoints)
        .set({ secretSealed: box.seal(secret) })
        .where(eq(webhookEndpoints.id, endpoint.id));
      return { message: WEBHOOK_TEXT.secretRotated, secret };
    },

    /** A 'ping' delivery, sent like any other (signed, retried, listed). */
    async test(endpoint: EndpointRow) {
      const id = randomUUID();
      const [row] = await db.transaction((tx) =>
        addDeliveries(
          ctx,
          tx,
          [endpoint.id],
          {
            id,
            type: WEBHOOK_PING,
            created_at: new Date().toISOString(),
            team_db_id: endpoint.teamId,
            data: { webhook_endpoint_db_id: endpoint.id, url: endpoint.url },
          },
          true,
        ),
      );
      ctx.jobs.wake();
      return { message: WEBHOOK_TEXT.testQueued, delivery: presentDelivery(row) };
    },

    async deliveries(endpoint: EndpointRow) {
      const rows = await db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, endpoint.id))
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(WEBHOOK_LIMITS.deliveriesShown);
      return { deliveries: rows.map(presentDelivery) };
    },

    /**
     * A failed delivery sent again: the same event id and payload (the receiver's idempotency key
     * holds), one more attempt, added to its log; a retryable answer is retried only while the
     * delivery's attempts are under the six of the backoff (a resend after those is one attempt).
     */
    async resend(delivery: DeliveryRow) {
      if (delivery.status !== 'failed') throw badRequest(WEBHOOK_TEXT.onlyFailedResend);
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(webhookDeliveries)
          .set({ status: 'pending', nextAttemptAt: null })
          // two clicks at once queue one attempt
          .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.status, 'failed')))
          .returning();
        if (!updated) throw badRequest(WEBHOOK_TEXT.onlyFailedResend);
        await ctx.jobs.enqueue(tx, 'webhooks.send', { deliveryId: updated.id });
        return updated;
      });
      ctx.jobs.wake();
      return { message: WEBHOOK_TEXT.resent, delivery: presentDelivery(row) };
    },
  };
}
