import { and, eq, inArray } from 'drizzle-orm';
import { taskRequestInvites, taskRequestUsers, taskRequests } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { userIdsByEmail } from '../users/index.ts';
import './approvals.events.ts';

/**
 * When people join a project, the approval and review requests of that project waiting for their
 * e-mail list them as people asked (so they may set the approval status). Idempotent.
 */
export async function claimRequestInvites(ctx: AppContext, projectId: string, userIds: string[]) {
  await ctx.events.transaction(ctx.db, async (tx, emit) => {
    const joiners = await userIdsByEmail(tx, userIds);
    if (joiners.size === 0) return;
    const waiting = await tx
      .select({
        requestId: taskRequestInvites.requestId,
        email: taskRequestInvites.email,
        assetId: taskRequests.assetId,
      })
      .from(taskRequestInvites)
      .innerJoin(taskRequests, eq(taskRequests.id, taskRequestInvites.requestId))
      .where(
        and(eq(taskRequests.projectId, projectId), inArray(taskRequestInvites.email, [...joiners.keys()])),
      );
    const assets = new Set<string>();
    for (const w of waiting) {
      const personId = joiners.get(w.email);
      if (!personId) continue;
      await tx
        .delete(taskRequestInvites)
        .where(and(eq(taskRequestInvites.requestId, w.requestId), eq(taskRequestInvites.email, w.email)));
      await tx
        .insert(taskRequestUsers)
        .values({ requestId: w.requestId, userId: personId })
        .onConflictDoNothing();
      assets.add(w.assetId);
    }
    for (const assetId of assets) emit('task_request.changed', { projectId, assetId });
  });
}
