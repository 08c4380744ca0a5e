import { desc, eq, sql } from 'drizzle-orm';
import { agentServiceCommand, CLOUD_TEXT, displayName, type CloudCatalogue } from '@rushes/shared';
import type { z } from 'zod';
import type { cloudMachineBody } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import {
  cloudCatalogue,
  cloudIssueReports,
  cloudPoolMachines,
  cloudSessions,
  users,
} from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, fieldError, notFound } from '../../platform/http/errors.ts';
import type { ModuleLog } from '../../platform/modules.ts';
import { secretBoxFor } from '../../platform/security/secretBox.ts';
import { notify } from '../notifications/index.ts';
import { catalogueOf, syncCapacity, syncPoolCapacity } from './cloud.catalogue.ts';
import { writePasswordFile } from './cloud.pool.ts';
import { newAgentKey } from './cloud.poolAgent.ts';

async function presentCatalogue(db: DbOrTx) {
  const [row] = await db.select().from(cloudCatalogue).where(eq(cloudCatalogue.id, 1));
  return { catalogue: await catalogueOf(db), updated_on: row?.updatedAt.toISOString() ?? null };
}

/**
 * What platform admins do: edit the catalogue, handle issue reports, register the pool's
 * workstations. Who may is the routes' policy, cloud.isPlatformAdmin, checked before the handler.
 */
export function createCloudAdmin(ctx: AppContext, log: ModuleLog) {
  const box = secretBoxFor(ctx.config, ctx.secret);

  /** The machines with a key made just now, shown this once (only its hash is kept). */
  async function keyed(machineId: string, key: string, serverUrl: string) {
    return {
      ...(await machines()),
      agent_key: { machine_db_id: machineId, key, command: agentServiceCommand(serverUrl, key) },
    };
  }

  async function machines() {
    const rows = await ctx.db.select().from(cloudPoolMachines).orderBy(cloudPoolMachines.createdAt);
    return {
      machines: rows.map((m) => ({
        machine_db_id: m.id,
        name: m.name,
        hardware_slug: m.hardwareSlug,
        host: m.host,
        port: m.port,
        username: m.username,
        in_use: m.leasedBy !== null,
        rotation: m.rotation,
        rotation_file: m.rotationPath,
        has_agent_key: m.agentKeyHash !== null,
        agent_seen_on: m.agentSeenAt?.toISOString() ?? null,
      })),
    };
  }

  return {
    async reports() {
      const rows = await ctx.db
        .select({
          r: cloudIssueReports,
          code: cloudSessions.assignmentCode,
          first: users.firstName,
          last: users.lastName,
        })
        .from(cloudIssueReports)
        .innerJoin(cloudSessions, eq(cloudSessions.id, cloudIssueReports.sessionId))
        .innerJoin(users, eq(users.id, cloudIssueReports.userId))
        .orderBy(desc(cloudIssueReports.createdAt))
        .limit(200);
      return {
        reports: rows.map(({ r, code, first, last }) => ({
          report_db_id: r.id,
          cloud_assignment_id: code,
          reporter: displayName(first, last),
          error_type: r.errorType,
          error_message: r.errorMessage,
          created_on: r.createdAt.toISOString(),
          handled_on: r.handledAt?.toISOString() ?? null,
        })),
      };
    },

    /** Marks a report handled and tells the reporter (once). */
    async handle(userId: string, reportId: string) {
      await ctx.events.transaction(ctx.db, async (tx, emit) => {
        const [report] = await tx
          .update(cloudIssueReports)
          .set({ handledAt: sql`now()` })
          .where(sql`${cloudIssueReports.id} = ${reportId} and ${cloudIssueReports.handledAt} is null`)
          .returning();
        if (!report) {
          const [exists] = await tx
            .select()
            .from(cloudIssueReports)
            .where(eq(cloudIssueReports.id, reportId));
          if (!exists) throw notFound();
          return;
        }
        const [session] = await tx.select().from(cloudSessions).where(eq(cloudSessions.id, report.sessionId));
        await notify(tx, emit, {
          userIds: [report.userId],
          type: 'cloud_session',
          title: CLOUD_TEXT.panelTitle,
          message: CLOUD_TEXT.reportHandled,
          projectId: session?.projectId ?? null,
          actorUserId: userId,
        });
      });
      return { message: CLOUD_TEXT.reportMarkedHandled };
    },

    async machines() {
      return machines();
    },

    /** Registers a workstation; `serverUrl` is this server as the workstation's agent service reaches it. */
    async addMachine(userId: string, body: z.output<typeof cloudMachineBody>, serverUrl: string) {
      if (!(await catalogueOf(ctx.db)).hardware.some((h) => h.slug === body.hardware_slug))
        throw fieldError('hardware_slug', CLOUD_TEXT.resourceNotAvailable);
      const dir = ctx.config.CLOUD_POOL_PASSWORD_DIR;
      const rotating = body.rotation === 'passwd_file';
      if (rotating && !dir) throw fieldError('rotation', CLOUD_TEXT.rotationNotConfigured);
      const agentKey = newAgentKey();
      const id = await ctx.db.transaction(async (tx) => {
        // the file the machine's x11vnc reads holds the registered password until the first lease
        if (rotating) await writePasswordFile(dir!, body.rotation_file!, body.password);
        const [row] = await tx
          .insert(cloudPoolMachines)
          .values({
            name: body.name,
            hardwareSlug: body.hardware_slug,
            host: body.host,
            port: body.port,
            username: body.username,
            passwordSealed: box.seal(body.password),
            rotation: body.rotation,
            rotationPath: rotating ? body.rotation_file! : null,
            agentKeyHash: agentKey.hash,
          })
          .returning({ id: cloudPoolMachines.id });
        await syncPoolCapacity(tx, body.hardware_slug);
        return row!.id;
      });
      return keyed(id, agentKey.key, serverUrl);
    },

    /**
     * A new agent key for a workstation (lost, leaked, or registered before keys): the old one stops
     * working at once, so its service must be started again with the new one.
     */
    async rotateKey(userId: string, machineId: string, serverUrl: string) {
      const agentKey = newAgentKey();
      const [row] = await ctx.db
        .update(cloudPoolMachines)
        .set({ agentKeyHash: agentKey.hash })
        .where(eq(cloudPoolMachines.id, machineId))
        .returning({ id: cloudPoolMachines.id });
      if (!row) throw notFound();
      log.info({ userId, machineId }, 'cloud: a pool workstation got a new agent key');
      return keyed(row.id, agentKey.key, serverUrl);
    },

    async catalogue() {
      return presentCatalogue(ctx.db);
    },

    /** Replaces the catalogue (checked by the route's schema) and each hardware's capacity row. */
    async saveCatalogue(userId: string, catalogue: CloudCatalogue) {
      await ctx.db.transaction(async (tx) => {
        await tx.select().from(cloudCatalogue).where(eq(cloudCatalogue.id, 1)).for('update');
        const values = { catalogue, updatedBy: userId, updatedAt: new Date() };
        await tx
          .insert(cloudCatalogue)
          .values({ id: 1, ...values })
          .onConflictDoUpdate({ target: cloudCatalogue.id, set: values });
        await syncCapacity(tx, ctx.config, catalogue);
      });
      log.info({ userId }, 'cloud: catalogue saved by a platform admin');
      return presentCatalogue(ctx.db);
    },

    async removeMachine(userId: string, machineId: string) {
      await ctx.db.transaction(async (tx) => {
        const [m] = await tx
          .select()
          .from(cloudPoolMachines)
          .where(eq(cloudPoolMachines.id, machineId))
          .for('update');
        if (!m) throw notFound();
        if (m.leasedBy) throw badRequest(CLOUD_TEXT.machineRemoved);
        await tx.delete(cloudPoolMachines).where(eq(cloudPoolMachines.id, machineId));
        await syncPoolCapacity(tx, m.hardwareSlug);
      });
      return machines();
    },
  };
}
