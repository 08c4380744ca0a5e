import { and, eq } from 'drizzle-orm';
import { INTEGRATION_TEXT } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { integrations } from '../../db/schema/index.ts';
import { notFound } from '../../platform/http/errors.ts';

export type IntegrationRow = typeof integrations.$inferSelect;
export type IntegrationService = 's3' | 'contido' | 'sprinklr';

/** One integration of a service, or 404 'No integration found' (spec 002 §8). */
export async function integrationOf(db: DbOrTx, id: string, service?: IntegrationService) {
  const [row] = await db
    .select()
    .from(integrations)
    .where(and(eq(integrations.id, id), service ? eq(integrations.service, service) : undefined));
  if (!row) throw notFound(INTEGRATION_TEXT.noIntegrationFound);
  return row;
}
