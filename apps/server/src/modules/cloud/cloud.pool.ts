import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cloudPoolMachines } from '../../db/schema/index.ts';
import type { SecretBox } from '../../platform/security/secretBox.ts';
import type { CloudProvider, Machine } from './cloud.machine.ts';

/**
 * The `pool` provider (issue 18): workstations a platform admin registered (cloud.admin.ts). A
 * session leases a free one of its hardware atomically (FOR UPDATE SKIP LOCKED, one lease per
 * machine by a unique key) and frees it when stopped. Their VNC passwords are sealed at rest; they
 * are not rotated per session (a plain VNC server offers no remote way to change it).
 */
export function createPoolProvider(db: Db, box: SecretBox): CloudProvider {
  const machineOf = (row: typeof cloudPoolMachines.$inferSelect): Machine => ({
    hostName: row.name,
    ipAddress: row.host,
    port: row.port,
    username: row.username,
    password: box.open(row.passwordSealed),
    ref: row.id,
  });

  return {
    name: 'pool',
    async unavailableReason() {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(cloudPoolMachines);
      return row?.n ? null : 'the pool has no registered workstation';
    },
    async start(sessionId, { hardwareSlug }) {
      return db.transaction(async (tx) => {
        const [mine] = await tx
          .select()
          .from(cloudPoolMachines)
          .where(eq(cloudPoolMachines.leasedBy, sessionId));
        if (mine) return machineOf(mine);
        const [free] = await tx
          .select()
          .from(cloudPoolMachines)
          .where(and(eq(cloudPoolMachines.hardwareSlug, hardwareSlug), isNull(cloudPoolMachines.leasedBy)))
          .orderBy(asc(cloudPoolMachines.createdAt))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!free) throw new Error(`no free pool workstation of hardware ${hardwareSlug}`);
        await tx
          .update(cloudPoolMachines)
          .set({ leasedBy: sessionId })
          .where(eq(cloudPoolMachines.id, free.id));
        return machineOf(free);
      });
    },
    async stop(sessionId) {
      await db
        .update(cloudPoolMachines)
        .set({ leasedBy: null })
        .where(eq(cloudPoolMachines.leasedBy, sessionId));
    },
    // the workstations run on their own: a restart of this process loses nothing
    running: () => true,
    close: async () => undefined,
  };
}
