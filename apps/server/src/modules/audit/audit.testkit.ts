import { asc, gt, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AuditAction } from '@rushes/shared';
import type { TestApp } from '../../../test/harness.ts';
import { auditLog } from '../../db/schema/index.ts';

export type AuditRow = typeof auditLog.$inferSelect;

/** The newest entry's id: entries written after it are the ones an action under test wrote. */
export async function auditMark(t: TestApp): Promise<number> {
  const [row] = await t.ctx.db
    .select({ id: sql<number>`coalesce(max(${auditLog.id}), 0)::int` })
    .from(auditLog);
  return Number(row.id);
}

export const auditSince = (t: TestApp, mark: number): Promise<AuditRow[]> =>
  t.ctx.db.select().from(auditLog).where(gt(auditLog.id, mark)).orderBy(asc(auditLog.id));

/**
 * Runs `act` and checks it wrote exactly one entry of `action` (and no other entry of that kind);
 * answers that entry for further checks.
 */
export async function expectOneEntry(
  t: TestApp,
  action: AuditAction,
  act: () => Promise<unknown>,
): Promise<AuditRow> {
  const mark = await auditMark(t);
  await act();
  const rows = (await auditSince(t, mark)).filter((r) => r.action === action);
  expect(rows, `${action}: ${rows.length} entries`).toHaveLength(1);
  return rows[0];
}
