import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CLOUD_AGENT_TEXT, type cloudAgentLeaseBody } from '@rushes/shared';
import type { z } from 'zod';
import { cloudPoolMachines, cloudSessions } from '../../db/schema/index.ts';
import { sha256 } from '../../platform/auth/secrets.ts';
import type { AppContext } from '../../platform/context.ts';
import { tooManyRequests, unauthorized } from '../../platform/http/errors.ts';
import { secretBoxFor } from '../../platform/security/secretBox.ts';
import { catalogueOf } from './cloud.catalogue.ts';

/*
 * A pool workstation's agent service (`rushes-upload agent --service`): it holds no user's token,
 * only its machine's agent key, shown once to the admin who registered the machine. With it, it asks
 * which session holds the machine and gets that session's agent token (sealed by the boot job), then
 * runs the normal agent for it. Asking marks the machine as running our agent: from then on its
 * sessions stay booting until that agent reports 'started' (Machine.runsAgent).
 */

/** 'rsm_' + 40 URL-safe characters (240 bits); only its SHA-256 is stored. */
export function newAgentKey() {
  const key = `rsm_${randomBytes(30).toString('base64url')}`;
  return { key, hash: sha256(key) };
}

const KEY = /^Bearer\s+(rsm_[A-Za-z0-9_-]{20,80})$/;

/** Failed key checks allowed per client address and minute; then every ask is refused (429). */
export const LEASE_FAILURES_PER_MINUTE = 20;

/** How often a machine's 'agent last seen' is written while it keeps asking. */
const SEEN_EVERY_MS = 60_000;

/** The session statuses during which the machine's agent has work: booting, started, shutting down. */
const HELD = ['machine_booting', 'machine_started', 'machine_shutting_down'] as const;

type Capabilities = { softwares: string[]; plugins: string[] };
// (jsonb keeps its keys in its own order: compared by field)
const sameCapabilities = (a: Capabilities, b: Capabilities | null) =>
  !!b && a.softwares.join() === b.softwares.join() && a.plugins.join() === b.plugins.join();

type LeaseBody = z.output<typeof cloudAgentLeaseBody>;

export function createPoolAgent(ctx: AppContext, fastify: FastifyInstance) {
  const box = secretBoxFor(ctx.config, ctx.secret);
  // failures only are counted (a working service asks every 5 s for hours)
  const limiter = ctx.config.RATE_LIMIT
    ? fastify.createRateLimit({
        max: LEASE_FAILURES_PER_MINUTE,
        timeWindow: 60_000,
        keyGenerator: (req) => `cloud-lease:${req.ip}`,
      })
    : null;

  /** The machine the header's key belongs to, or null. */
  async function machineOf(header: string | undefined) {
    const m = KEY.exec(header ?? '');
    if (!m) return null;
    const hash = sha256(m[1]!);
    // (by the hash of a 240-bit secret: what a lookup's timing could tell is of no use)
    const [row] = await ctx.db
      .select()
      .from(cloudPoolMachines)
      .where(eq(cloudPoolMachines.agentKeyHash, hash));
    return row ?? null;
  }

  return {
    /** The session's agent lease of the machine the key names: `{ lease: null }` while none. */
    async lease(req: FastifyRequest, body: LeaseBody) {
      if (limiter) {
        const seen = await limiter(req, { increment: false });
        if (!seen.isAllowed && seen.remaining === 0) throw tooManyRequests();
      }
      const machine = await machineOf(req.headers.authorization);
      if (!machine) {
        if (limiter) await limiter(req);
        throw unauthorized(CLOUD_AGENT_TEXT.machineKeyRefused);
      }
      // written when it says something new, or a minute on (every machine asks every 5 s)
      const changed = body.capabilities && !sameCapabilities(body.capabilities, machine.capabilities);
      const stale = !machine.agentSeenAt || Date.now() - machine.agentSeenAt.getTime() > SEEN_EVERY_MS;
      if (changed || stale)
        await ctx.db
          .update(cloudPoolMachines)
          .set({ agentSeenAt: sql`now()`, ...(changed && { capabilities: body.capabilities }) })
          .where(eq(cloudPoolMachines.id, machine.id));
      const c = await catalogueOf(ctx.db);
      const checks = {
        softwares: c.softwares.flatMap((s) => (s.launch ? [{ slug: s.slug, check: s.launch.check }] : [])),
        plugins: c.plugins.map((p) => ({ slug: p.slug, check: p.check ?? null })),
      };
      if (!machine.leasedBy) return { lease: null, checks };
      const [s] = await ctx.db.select().from(cloudSessions).where(eq(cloudSessions.id, machine.leasedBy));
      const held = s && (HELD as readonly string[]).includes(s.status);
      // its final sync done, the agent has nothing left there (the release follows)
      if (!s || !held || !s.agentTokenSealed || s.agentSyncedAt) return { lease: null, checks };
      const token = box.open(s.agentTokenSealed);
      return { lease: { cloud_id: s.id, assignment_code: s.assignmentCode, token }, checks };
    },
  };
}
