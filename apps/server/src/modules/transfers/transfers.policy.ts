import { eq } from 'drizzle-orm';
import { MSG } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { transfers } from '../../db/schema/index.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { notFound } from '../../platform/http/errors.ts';
import { stringField, type Policy } from '../../platform/policies.ts';
import { authorizeProject, canManageProject, canViewProject, type ProjectAccess } from '../projects/index.ts';

/**
 * Who may: a project's members see its transfers (the transfers dropdown and page); the
 * member who started a transfer, or whoever manages the project, cancels or retries it.
 */
export async function canViewTransfers(db: DbOrTx, userId: string, projectId: string) {
  return authorizeProject(db, userId, projectId, canViewProject);
}

export async function canManageTransfer(db: DbOrTx, userId: string, transferId: string) {
  const [row] = await db.select().from(transfers).where(eq(transfers.id, transferId));
  if (!row) throw notFound(MSG.notFound);
  await authorizeProject(db, userId, row.projectId, (a) => row.createdBy === userId || canManageProject(a));
  return row;
}

type TransferRow = typeof transfers.$inferSelect;

/** The transfers list's policy: members of the project named by `project_db_id`. */
export const viewTransfersPolicy = (): Policy<ProjectAccess> => ({
  reads: 'project_db_id',
  check: (ctx) => (req) => canViewTransfers(ctx.db, userIdOf(req), stringField(req, 'project_db_id')),
});

/** Cancel and retry: the transfer named by `transfer_db_id`, loaded once. */
export const manageTransferPolicy = (): Policy<TransferRow> => ({
  reads: 'transfer_db_id',
  check: (ctx) => (req) => canManageTransfer(ctx.db, userIdOf(req), stringField(req, 'transfer_db_id')),
});

declare module '../../platform/policies.ts' {
  interface PolicyAccess {
    'transfers.canViewTransfers': ProjectAccess;
    'transfers.canManageTransfer': TransferRow;
  }
}
