import { eq } from 'drizzle-orm';
import { MSG } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { transfers } from '../../db/schema/index.ts';
import { notFound } from '../../platform/http/errors.ts';
import { authorizeProject, canManageProject, canViewProject } from '../projects/index.ts';

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
