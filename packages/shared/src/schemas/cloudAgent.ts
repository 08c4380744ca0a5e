import { z } from 'zod';
import { CLOUD_AGENT_PHASES, CLOUD_AGENT_ACTIONS } from '../rules/cloudAgent.ts';
import { uuid } from './fields.ts';

/**
 * The workstation agent's API (the program beside each cloud desktop; paths CLOUD_API.agent*): the
 * session's manifest, the heartbeat, a finished render, the settings archive. Its caller holds the
 * session's agent token (the owner's personal access token, scoped to the session's project).
 */

const slugs = z.array(z.string().regex(/^[a-z0-9_]{1,60}$/)).max(500);

export const cloudAgentQuery = z.object({ cloud_id: uuid() });

const action = z.enum(CLOUD_AGENT_ACTIONS);

export const cloudAgentSession = z.object({
  cloud_id: z.string(),
  assignment_code: z.string(),
  action,
  project: z.object({ id: z.string(), name: z.string(), project_code: z.string() }),
  software: z.object({
    slug: z.string(),
    title: z.string(),
    launch: z
      .object({ command: z.array(z.string()), check: z.string(), open_folder: z.boolean() })
      .nullable(),
  }),
  plugins: z.array(z.object({ slug: z.string(), title: z.string(), check: z.string().nullable() })),
  /** the project's current files (the newest version of each stack), by folder path */
  files: z.array(
    z.object({
      /** 'Folder/Sub/name.mov' (no leading slash) */
      path: z.string(),
      size: z.number().int(),
      sha256: z.string().nullable(),
      /** a signed GET of the original, absolute */
      url: z.string(),
      updated_at: z.string(),
      /**
       * Local provider with the filesystem blob store only (the agent runs on the server's own
       * machine, as its OS user): the stored files holding the original's bytes, in order, which the
       * agent copies directly instead of fetching `url` (its fallback).
       */
      local: z.object({ parts: z.array(z.object({ path: z.string(), size: z.number().int() })) }).optional(),
    }),
  ),
  renders_folder: z.string(),
  idle: z.object({ warn_after_s: z.number().int(), end_after_s: z.number().int() }),
  /** a signed GET of the user's saved settings archive in this team, or null */
  settings_url: z.string().nullable(),
});

export const cloudAgentHeartbeatBody = z.object({
  cloud_id: uuid(),
  phase: z.enum(CLOUD_AGENT_PHASES),
  /** seconds since the desktop's last input (null: not known) */
  idle_seconds: z.number().int().min(0).max(10_000_000).nullable(),
  /** files in the renders folder waiting to upload */
  pending: z.number().int().min(0).max(1_000_000),
  /** what this machine can run (pool workstations report it) */
  capabilities: z.object({ softwares: slugs, plugins: slugs }).optional(),
});
export const cloudAgentAction = z.object({ action });

/** A pool workstation's agent service asking for its session (its machine key is the Bearer). */
export const cloudAgentLeaseBody = z.object({
  /** what the machine can run (its catalogue checks), kept for the wizard before any session */
  capabilities: z.object({ softwares: slugs, plugins: slugs }).optional(),
});
export const cloudAgentLease = z.object({
  /** null while no session holds the machine (or its agent's work there is done) */
  lease: z
    .object({
      cloud_id: z.string(),
      /** CS-XXXX: the session's folder on the machine is named after it */
      assignment_code: z.string(),
      /** the session's agent token (rsh_…) */
      token: z.string(),
    })
    .nullable(),
  /**
   * The catalogue's install checks: the service reports which exist on its machine (its
   * `capabilities`), so the wizard offers what the pool's machines can run before any session
   */
  checks: z.object({
    softwares: z.array(z.object({ slug: z.string(), check: z.string() })),
    plugins: z.array(z.object({ slug: z.string(), check: z.string().nullable() })),
  }),
});

export const cloudAgentRenderBody = z.object({ cloud_id: uuid(), ingest_db_id: uuid() });
export const cloudAgentRendered = z.object({
  versioned: z.boolean(),
  version_no: z.number().int().nullable(),
});

export const cloudAgentSettingsSaved = z.object({ saved: z.literal(true) });

/** The platform admin's health page: one entry per provider this server knows. */
export const cloudAdminHealth = z.object({
  providers: z.array(
    z.object({
      name: z.string(),
      /** the provider in use for new sessions */
      active: z.boolean(),
      /** null when it can run sessions; else why not */
      unavailable_reason: z.string().nullable(),
      binaries: z.object({ present: z.array(z.string()), missing: z.array(z.string()) }).nullable(),
      capacity: z.array(z.object({ hardware_slug: z.string(), capacity: z.number().int() })),
      sessions_running: z.number().int(),
      sessions: z.array(
        z.object({
          cloud_id: z.string(),
          assignment_code: z.string(),
          status: z.string(),
          agent_phase: z.string().nullable(),
          last_heartbeat: z.string().nullable(),
          /** no heartbeat for CLOUD_AGENT_LOST_SECONDS while started */
          agent_lost: z.boolean(),
        }),
      ),
      softwares: z.array(
        z.object({ slug: z.string(), runnable: z.boolean(), reason: z.string().nullable() }),
      ),
      plugins: z.array(z.object({ slug: z.string(), runnable: z.boolean(), reason: z.string().nullable() })),
    }),
  ),
});

export type CloudAgentSession = z.output<typeof cloudAgentSession>;
export type CloudAgentHeartbeat = z.input<typeof cloudAgentHeartbeatBody>;
export type CloudAdminHealth = z.output<typeof cloudAdminHealth>;
