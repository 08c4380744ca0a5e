import { and, desc, eq, lt } from 'drizzle-orm';
import { isLowBalance, paiseToPsc, type CreditBalance, type CreditTransactionList } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { creditBalances, creditLedger } from '../../db/schema/index.ts';
import { decodeKeyset, encodeKeyset } from '../../platform/http/cursor.ts';
import { creditBalance } from './credits.ledger.ts';

type Entry = typeof creditLedger.$inferSelect;

const present = (e: Entry) => ({
  transaction_db_id: e.id,
  kind: e.kind,
  amount: paiseToPsc(e.amountPaise),
  balance_after: paiseToPsc(e.balanceAfterPaise),
  reason: e.reason,
  ref_type: e.refType,
  ref_id: e.refId,
  created_on: e.createdAt.toISOString(),
  payment_db_id: e.refType === 'payment' ? e.refId : null,
});

/** A transactions cursor: the seq of the last entry shown. */
const decodeCursor = (raw: string | undefined) =>
  decodeKeyset(
    raw,
    (v): v is [number] => v.length === 1 && Number.isSafeInteger(v[0]) && (v[0] as number) > 0,
  );

/** The balance as the API shows it (PSC, and whether it is under the 'Low Balance' line). */
export async function balanceOf(db: DbOrTx, teamId: string): Promise<CreditBalance> {
  const paise = await creditBalance(db, teamId);
  return { team_db_id: teamId, credits_available: paiseToPsc(paise), low_balance: isLowBalance(paise) };
}

/** The credits routes; who may (the team's admins) is their policy, checked before the handler. */
export function createCreditsService(db: DbOrTx) {
  return {
    async balance(teamId: string) {
      return balanceOf(db, teamId);
    },

    /** The ledger, newest first, by keyset on the team's seq (page N costs what page 1 does). */
    async transactions(q: {
      team_db_id: string;
      entries_per_page: number;
      cursor?: string;
    }): Promise<CreditTransactionList> {
      const cursor = decodeCursor(q.cursor);
      const where = [eq(creditLedger.teamId, q.team_db_id)];
      if (cursor) where.push(lt(creditLedger.seq, cursor[0]));
      const rows = await db
        .select()
        .from(creditLedger)
        .where(and(...where))
        .orderBy(desc(creditLedger.seq))
        .limit(q.entries_per_page + 1);
      const page = rows.slice(0, q.entries_per_page);
      const [count] = await db
        .select({ n: creditBalances.entriesCount })
        .from(creditBalances)
        .where(eq(creditBalances.teamId, q.team_db_id));
      return {
        transactions: page.map(present),
        total_entries: count?.n ?? 0,
        next_cursor: rows.length > page.length ? encodeKeyset([page[page.length - 1].seq]) : null,
      };
    },
  };
}
