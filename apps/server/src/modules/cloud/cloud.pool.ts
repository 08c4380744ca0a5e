import { rename, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { cloudPoolMachines } from '../../db/schema/index.ts';
import type { SecretBox } from '../../platform/security/secretBox.ts';
import { oneTimePassword, type CloudProvider, type Machine } from './cloud.machine.ts';
import { runsEverything } from './cloud.runnable.ts';

type PoolRow = typeof cloudPoolMachines.$inferSelect;

/**
 * Writes a password file an x11vnc started with `-passwdfile read:<file>` rereads when a client
 * connects: whole or not at all (a temporary file renamed over it), readable by its owner only.
 * x11vnc rereads only a file whose mtime, in whole seconds, is later than the one it last read, so
 * a rotation within the same second as the previous write would be ignored and the old password
 * would keep working: the new file's mtime is set at least one whole second past the old one's.
 */
export async function writePasswordFile(dir: string, file: string, password: string) {
  const target = path.join(dir, path.basename(file));
  const temp = `${target}.${process.pid}.tmp`;
  await writeFile(temp, `${password}\n`, { mode: 0o600 });
  const previous = await stat(target).then(
    (s) => Math.floor(s.mtimeMs / 1000),
    () => 0,
  );
  const seconds = Math.max(Math.floor(Date.now() / 1000), previous + 1);
  await utimes(temp, seconds, seconds);
  await rename(temp, target);
}

/**
 * The `pool` provider: workstations a platform admin registered (cloud.admin.ts). A
 * session leases a free one of its hardware atomically (FOR UPDATE SKIP LOCKED, one lease per
 * machine by a unique key) and frees it when stopped. Passwords are sealed at rest.
 *
 * Rotation "where the machine allows it": a plain VNC server offers no remote way to change its
 * password, so a machine is registered with its method. `passwd_file`: its x11vnc reads the password
 * from a file in CLOUD_POOL_PASSWORD_DIR (`-passwdfile read:`, reread at every new connection); the
 * lease writes a fresh one-time password there and hands it to the session, the release writes
 * another that nobody is given, so the session's password stops working when it ends. `none`: the
 * registered password is handed to every session (the admin page says so).
 */
export function createPoolProvider(db: Db, box: SecretBox, passwordDir: string | undefined): CloudProvider {
  const machineOf = (row: PoolRow, password = box.open(row.passwordSealed)): Machine => ({
    hostName: row.name,
    ipAddress: row.host,
    port: row.port,
    username: row.username,
    password,
    ref: row.id,
    // A workstation whose agent service never asked for a lease has no agent (VNC only, as before
    // keys): its sessions start at once. One that asked runs ours: its sessions wait for it.
    runsAgent: row.agentSeenAt !== null,
  });

  /** A fresh password on a rotating machine (written first, then recorded); null when it cannot rotate. */
  async function rotate(tx: DbOrTx, row: PoolRow) {
    if (row.rotation !== 'passwd_file' || !row.rotationPath || !passwordDir) return null;
    const password = oneTimePassword();
    await writePasswordFile(passwordDir, row.rotationPath, password);
    await tx
      .update(cloudPoolMachines)
      .set({ passwordSealed: box.seal(password) })
      .where(eq(cloudPoolMachines.id, row.id));
    return password;
  }

  return {
    name: 'pool',
    async unavailableReason() {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(cloudPoolMachines);
      return row?.n ? null : 'the pool has no registered workstation';
    },
    /**
     * What the registered workstations can run, within the catalogue: the union of what each one's
     * agent last reported (its agent service checks the catalogue's install checks at every ask; a
     * session's agent its booked software's). A workstation that never reported counts as running
     * the whole catalogue: its operator registered it for it, and one without our agent (Premiere on
     * Windows) runs what its operator installed.
     */
    async runnable(c) {
      const rows = await db.select({ capabilities: cloudPoolMachines.capabilities }).from(cloudPoolMachines);
      if (rows.length === 0 || rows.some((r) => r.capabilities === null)) return runsEverything(c);
      const has = (k: 'softwares' | 'plugins') => new Set(rows.flatMap((r) => r.capabilities?.[k] ?? []));
      const softwares = has('softwares');
      const plugins = has('plugins');
      return {
        softwares: new Set(c.softwares.filter((s) => softwares.has(s.slug)).map((s) => s.slug)),
        plugins: new Set(
          c.plugins
            .filter((p) => plugins.has(p.slug) && p.softwares.some((s) => softwares.has(s)))
            .map((p) => p.slug),
        ),
      };
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
        const fresh = await rotate(tx, free);
        return machineOf(free, fresh ?? undefined);
      });
    },
    async stop(sessionId) {
      await db.transaction(async (tx) => {
        const [leased] = await tx
          .select()
          .from(cloudPoolMachines)
          .where(eq(cloudPoolMachines.leasedBy, sessionId))
          .for('update');
        if (!leased) return;
        // the session's password stops working before the machine is offered again
        await rotate(tx, leased);
        await tx.update(cloudPoolMachines).set({ leasedBy: null }).where(eq(cloudPoolMachines.id, leased.id));
      });
    },
    // the workstations run on their own: a restart of this process loses nothing
    running: () => true,
    close: async () => undefined,
  };
}
