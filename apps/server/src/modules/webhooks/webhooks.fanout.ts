import { and, arrayContains, eq } from 'drizzle-orm';
import type { WebhookEvent } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import './webhooks.events.ts';

/** The JSON body receivers get (the same on every attempt). */
export interface WebhookPayload {
  /** the event id: the receiver's idempotency key */
  id: string;
  type: WebhookEvent | 'ping';
  created_at: string;
  team_db_id: string;
  data: Record<string, unknown>;
}

/**
 * Adds one delivery per given endpoint and enqueues its first attempt, in `tx`. An event already
 * delivered to an endpoint (the same id: a job run again) adds nothing there. Returns the new rows.
 */
export async function addDeliveries(
  ctx: AppContext,
  tx: DbOrTx,
  endpointIds: string[],
  payload: WebhookPayload,
  isTest = false,
) {
  if (endpointIds.length === 0) return [];
  const rows = await tx
    .insert(webhookDeliveries)
    .values(
      endpointIds.map((endpointId) => ({
        endpointId,
        eventId: payload.id,
        event: payload.type,
        payload,
        isTest,
      })),
    )
    .onConflictDoNothing({ target: [webhookDeliveries.endpointId, webhookDeliveries.eventId] })
    .returning();
  for (const r of rows) await ctx.jobs.enqueue(tx, 'webhooks.send', { deliveryId: r.id });
  return rows;
}

/** An event of a team → a delivery to each enabled endpoint subscribed to its type. */
export async function fanOut(
  ctx: AppContext,
  e: { teamId: string; eventId: string; type: WebhookEvent; data: Record<string, unknown> },
) {
  const endpoints = await ctx.db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.teamId, e.teamId),
        eq(webhookEndpoints.enabled, true),
        arrayContains(webhookEndpoints.events, [e.type]),
      ),
    );
  if (endpoints.length === 0) return;
  const payload: WebhookPayload = {
    id: e.eventId,
    type: e.type,
    created_at: new Date().toISOString(),
    team_db_id: e.teamId,
    data: e.data,
  };
  const added = await ctx.db.transaction((tx) =>
    addDeliveries(
      ctx,
      tx,
      endpoints.map((x) => x.id),
      payload,
    ),
  );
  if (added.length > 0) ctx.jobs.wake();
}

/**
 * Whether any team has an enabled endpoint for this type. Without one an event needs no delivery
 * job (most deployments, and most teams, have none: every upload made two); with one, the job
 * still finds the event's own team's endpoints (`fanOut`). Reads the few endpoint rows.
 */
export async function anyEndpointFor(tx: DbOrTx, type: WebhookEvent): Promise<boolean> {
  const [row] = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.enabled, true), arrayContains(webhookEndpoints.events, [type])))
    .limit(1);
  return row !== undefined;
}
