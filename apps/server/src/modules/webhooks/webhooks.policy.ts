import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { notFound } from '../../platform/http/errors.ts';
import { stringField, type Policy } from '../../platform/policies.ts';
import { authorizeTeam, type TeamAccess } from '../teams/index.ts';
import { WEBHOOK_TEXT } from '@rushes/shared';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;

/**
 * Webhooks are the team admin's (an owner), the same rule as creating, testing and deleting the
 * team's integrations: an endpoint receives the team's activity, and its secret signs for the team.
 */
const adminRule = (a: TeamAccess) => a.isMember && a.isOwner;

export interface EndpointAccess extends TeamAccess {
  endpoint: EndpointRow;
}

export const canManageTeam = (db: DbOrTx, userId: string, teamId: string) =>
  authorizeTeam(db, userId, teamId, adminRule);

/** The endpoint (404 when unknown), once its team's admin rule passed. */
export async function canManageEndpoint(db: DbOrTx, userId: string, id: string): Promise<EndpointAccess> {
  const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  if (!endpoint) throw notFound(WEBHOOK_TEXT.endpointNotFound);
  return { ...(await authorizeTeam(db, userId, endpoint.teamId, adminRule)), endpoint };
}

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export interface DeliveryAccess extends EndpointAccess {
  delivery: DeliveryRow;
}

/** The delivery (404 when unknown), once its endpoint's team admin rule passed. */
export async function canManageDelivery(db: DbOrTx, userId: string, id: string): Promise<DeliveryAccess> {
  const [delivery] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  if (!delivery) throw notFound(WEBHOOK_TEXT.deliveryNotFound);
  return { ...(await canManageEndpoint(db, userId, delivery.endpointId)), delivery };
}

export const webhooksTeamPolicy = (): Policy<TeamAccess> => ({
  reads: 'team_db_id',
  check: (ctx) => (req) => canManageTeam(ctx.db, userIdOf(req), stringField(req, 'team_db_id')),
});
export const webhookEndpointPolicy = (): Policy<EndpointAccess> => ({
  reads: 'webhook_endpoint_db_id',
  check: (ctx) => (req) =>
    canManageEndpoint(ctx.db, userIdOf(req), stringField(req, 'webhook_endpoint_db_id')),
});

export const webhookDeliveryPolicy = (): Policy<DeliveryAccess> => ({
  reads: 'webhook_delivery_db_id',
  check: (ctx) => (req) =>
    canManageDelivery(ctx.db, userIdOf(req), stringField(req, 'webhook_delivery_db_id')),
});

declare module '../../platform/policies.ts' {
  interface PolicyAccess {
    'webhooks.canManageTeam': TeamAccess;
    'webhooks.canManageEndpoint': EndpointAccess;
    'webhooks.canManageDelivery': DeliveryAccess;
  }
}
