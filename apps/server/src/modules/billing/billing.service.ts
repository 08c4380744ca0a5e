import { eq } from 'drizzle-orm';
import { MSG, type BillingBody, type BillingDetail } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { billingDetails } from '../../db/schema/index.ts';
import { teamMemberIds } from '../teams/index.ts';
import { authorizeBillingRead } from './billing.policy.ts';

declare module '../../platform/events/bus.ts' {
  interface DomainEvents {
    'billing.updated': { teamId: string };
  }
}

type BillingRow = typeof billingDetails.$inferSelect;

/** The read-back shape: pan_number comes back as pan_no, state_code as place_of_supply (spec 002 §3). */
export const presentBilling = (row: BillingRow): BillingDetail => ({
  billing_db_id: row.id,
  organisation_db_id: row.teamId,
  company_name: row.companyName,
  biling_address: row.billingAddress,
  contact_email: row.contactEmail,
  alternate_email: row.alternateEmail,
  contact_person: row.contactPerson,
  gst_no: row.gstNo,
  pan_no: row.panNumber,
  place_of_supply: row.stateCode,
});

export async function findBilling(db: DbOrTx, teamId: string) {
  const [row] = await db.select().from(billingDetails).where(eq(billingDetails.teamId, teamId)).limit(1);
  return row ?? null;
}

/** Realtime fan-out of 'billing.updated': every member of the team is told to refetch. */
export async function notifyBillingChanged(ctx: AppContext, teamId: string) {
  for (const userId of await teamMemberIds(ctx.db, teamId)) {
    ctx.realtime.toUser(userId, 'billing_detail', { team_db_id: teamId });
  }
}

export function createBillingService(ctx: AppContext) {
  const { db, events } = ctx;

  return {
    /** Its team id is optional in the route's query, so the member check is here (teams.canView). */
    async get(userId: string, teamId: string) {
      await authorizeBillingRead(db, userId, teamId);
      const row = await findBilling(db, teamId);
      return { billing: row ? presentBilling(row) : null };
    },

    /**
     * Create and update are one upsert on the team's single row: a POST when details already exist
     * (two admins saving at once, a stale form) updates them, and a PUT before any exist creates them.
     * GST and PAN arrive upper-cased from the schema; an empty optional is stored as null. Who may
     * (teams.canManageBilling) is the routes' policy, checked before the handler.
     */
    async save(userId: string, body: BillingBody) {
      const teamId = body.team_id;
      const fields = {
        companyName: body.company_name,
        billingAddress: body.biling_address,
        contactEmail: body.contact_email,
        alternateEmail: body.alternate_email,
        contactPerson: body.contact_person,
        stateCode: body.state_code,
        gstNo: body.gst_no ?? null,
        panNumber: body.pan_number ?? null,
        updatedAt: new Date(),
      };
      const row = await events.transaction(db, async (tx, emit) => {
        const [saved] = await tx
          .insert(billingDetails)
          .values({ teamId, ...fields })
          .onConflictDoUpdate({ target: billingDetails.teamId, set: fields })
          .returning();
        emit('billing.updated', { teamId });
        return saved;
      });
      return { message: MSG.billingUpdated, billing: presentBilling(row) };
    },
  };
}
