import { Readable } from 'node:stream';
import { and, desc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import {
  AUDIT_ACTIONS,
  AUDIT_COUNT_CAP,
  AUDIT_TEXT,
  browserName,
  csvRow,
  type AuditAction,
  type AuditEntry,
  type AuditEntryList,
} from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { afterPageNo } from '../../db/pageNo.ts';
import { decodeKeyset, encodeKeyset } from '../../platform/http/cursor.ts';
import type { AppContext } from '../../platform/context.ts';

type Row = typeof auditLog.$inferSelect & { at: string };

export interface TeamLogFilters {
  team_db_id: string;
  actor_db_id?: string;
  action?: string;
  from?: string;
  to?: string;
}

/** A page's position: the last entry's created_at (as PostgreSQL wrote it, to the microsecond) and id. */
type Position = [string, number];
const readCursor = (raw: string | undefined) =>
  decodeKeyset(
    raw,
    (v): v is Position =>
      v.length === 2 &&
      typeof v[0] === 'string' &&
      !Number.isNaN(Date.parse(v[0])) &&
      typeof v[1] === 'number' &&
      Number.isSafeInteger(v[1]),
  );

const columns = { ...auditLogColumns(), at: sql<string>`${auditLog.createdAt}::text` };
function auditLogColumns() {
  const { id, teamId, actorId, actorLabel, actorKind, tokenId, action, targetType, targetId, targetLabel } =
    auditLog;
  const { detail, ip, userAgent, createdAt } = auditLog;
  return {
    id,
    teamId,
    actorId,
    actorLabel,
    actorKind,
    tokenId,
    action,
    targetType,
    targetId,
    targetLabel,
    detail,
    ip,
    userAgent,
    createdAt,
  };
}

const keys = [auditLog.createdAt, auditLog.id] as unknown as SQL[];
const before = (p: Position) =>
  sql`(${auditLog.createdAt}, ${auditLog.id}) < (${p[0]}::timestamptz, ${p[1]})`;

/** The filters as SQL: always one team; a person, a kind and a date range when given. */
function teamWhere(f: TeamLogFilters): SQL {
  const where = [eq(auditLog.teamId, f.team_db_id)];
  if (f.actor_db_id) where.push(eq(auditLog.actorId, f.actor_db_id));
  if (f.action) where.push(eq(auditLog.action, f.action));
  if (f.from) where.push(gte(auditLog.createdAt, new Date(f.from)));
  if (f.to) where.push(lt(auditLog.createdAt, new Date(f.to)));
  return and(...where)!;
}

/** Who, as the log shows it: the name kept on the entry; a guest, Rushes itself, or a deleted user. */
function actorName(r: Row): string {
  if (r.actorLabel) return r.actorLabel;
  if (r.actorKind === 'share_link') return AUDIT_TEXT.guest;
  if (!r.actorId) return AUDIT_TEXT.system;
  return AUDIT_TEXT.deletedUser;
}

export const present = (r: Row): AuditEntry => ({
  entry_db_id: String(r.id),
  created_on: r.createdAt.toISOString(),
  action: r.action,
  actor: { user_db_id: r.actorId, name: actorName(r), kind: r.actorKind },
  target: r.targetType && r.targetId ? { type: r.targetType, id: r.targetId, label: r.targetLabel } : null,
  detail: (r.detail ?? {}) as Record<string, unknown>,
  ip: r.ip,
  user_agent: r.userAgent,
  browser: browserName(r.userAgent),
});

async function page(
  db: DbOrTx,
  where: SQL,
  opts: { perPage: number; pageNo?: number; cursor?: string },
): Promise<{ rows: Row[]; next: string | null }> {
  const position = readCursor(opts.cursor);
  const bound = position
    ? before(position)
    : afterPageNo({
        keys,
        order: 'desc',
        from: sql`${auditLog}`,
        where,
        pageNo: opts.pageNo ?? 1,
        perPage: opts.perPage,
      });
  const rows = await db
    .select(columns)
    .from(auditLog)
    .where(bound ? and(where, bound) : where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(opts.perPage + 1);
  const shown = rows.slice(0, opts.perPage);
  const last = shown[shown.length - 1];
  return { rows: shown, next: rows.length > opts.perPage && last ? encodeKeyset([last.at, last.id]) : null };
}

/** How many entries match, exact up to the cap (then cap + 1). */
async function countOf(db: DbOrTx, where: SQL): Promise<number> {
  const capped = db
    .select({ one: sql<number>`1`.as('one') })
    .from(auditLog)
    .where(where)
    .limit(AUDIT_COUNT_CAP + 1)
    .as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  return Number(row?.n ?? 0);
}

const CSV_HEAD = [
  'When (UTC)',
  'Who',
  'Actor kind',
  'Event',
  'Event code',
  'Target type',
  'Target',
  'Target id',
  'Details',
  'IP address',
  'Browser',
  'User agent',
];
const CSV_BATCH = 500;

export function createAuditService(ctx: AppContext) {
  const { db } = ctx;
  const retention = ctx.config.AUDIT_RETENTION_DAYS;
  return {
    async teamLog(
      q: TeamLogFilters & { entries_per_page: number; page_no?: number; cursor?: string },
    ): Promise<AuditEntryList> {
      const where = teamWhere(q);
      const [{ rows, next }, total] = await Promise.all([
        page(db, where, { perPage: q.entries_per_page, pageNo: q.page_no, cursor: q.cursor }),
        countOf(db, where),
      ]);
      return {
        entries: rows.map(present),
        total_entries: total,
        next_cursor: next,
        retention_days: retention,
      };
    },

    /** The caller's own account events: never part of any team's log. */
    async mine(userId: string, q: { entries_per_page: number; cursor?: string }): Promise<AuditEntryList> {
      const where = and(eq(auditLog.actorId, userId), isNull(auditLog.teamId))!;
      const [{ rows, next }, total] = await Promise.all([
        page(db, where, { perPage: q.entries_per_page, cursor: q.cursor }),
        countOf(db, where),
      ]);
      return {
        entries: rows.map(present),
        total_entries: total,
        next_cursor: next,
        retention_days: retention,
      };
    },

    /** The filtered log as CSV, read by keyset in batches and streamed as it is read. */
    csv(f: TeamLogFilters): Readable {
      const where = teamWhere(f);
      async function* lines() {
        yield `\ufeff${csvRow(CSV_HEAD)}`;
        let cursor: string | undefined;
        for (;;) {
          const { rows, next } = await page(db, where, { perPage: CSV_BATCH, cursor });
          let chunk = '';
          for (const r of rows) {
            const e = present(r);
            chunk += csvRow([
              e.created_on,
              e.actor.name,
              e.actor.kind,
              AUDIT_ACTIONS[e.action as AuditAction] ?? e.action,
              e.action,
              e.target?.type ?? '',
              e.target?.label ?? '',
              e.target?.id ?? '',
              Object.keys(e.detail).length ? JSON.stringify(e.detail) : '',
              e.ip ?? '',
              e.browser,
              e.user_agent ?? '',
            ]);
          }
          if (chunk) yield chunk;
          if (!next) return;
          cursor = next;
        }
      }
      return Readable.from(lines(), { objectMode: false });
    },
  };
}

/**
 * Deletes the entries older than the retention, in one transaction that sets the one flag the
 * append-only trigger lets a DELETE through with. Answers how many went.
 */
export async function purgeAudit(ctx: AppContext, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - ctx.config.AUDIT_RETENTION_DAYS * 86_400_000);
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set local rushes.audit_purge = 'on'`);
    const gone = await tx
      .delete(auditLog)
      .where(lt(auditLog.createdAt, cutoff))
      .returning({ id: auditLog.id });
    return gone.length;
  });
}
