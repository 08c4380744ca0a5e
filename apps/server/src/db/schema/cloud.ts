import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';
import { projects } from './projects.ts';
import { teams } from './teams.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Machines of each hardware kind that can run at once. Seeded at boot from the catalogue.
 * Its row is the lock that serialises bookings and queue offers of that hardware (SELECT … FOR UPDATE).
 */
export const cloudCapacity = pgTable('cloud_capacity', {
  hardwareSlug: text('hardware_slug').primaryKey(),
  capacity: integer('capacity').notNull(),
});

/** Session states: the spec's machine statuses, then released (done) or failed (provider failure). */
export const CLOUD_SESSION_STATES = [
  'machine_booting',
  'machine_started',
  'machine_shutting_down',
  'released',
  'failed',
] as const;
export type CloudSessionState = (typeof CLOUD_SESSION_STATES)[number];

/** A booked remote workstation (cloud_access_db_id = cloud_assignment_db_id = id). */
export const cloudSessions = pgTable(
  'cloud_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** the human session id the report form asks for, e.g. CS-7F3K2Q */
    assignmentCode: text('assignment_code').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id'),
    taskType: text('task_type').notNull().default('task'),
    softwareSlug: text('software_slug').notNull(),
    hardwareSlug: text('hardware_slug').notNull(),
    pluginSlugs: jsonb('plugin_slugs').$type<string[]>().notNull().default([]),
    /** PSC per hour at booking time */
    pricePerHour: integer('price_per_hour').notNull(),
    /** booked minutes, extensions included */
    durationMinutes: integer('duration_minutes').notNull(),
    /** 1-hour extensions bought (each its own charge, keyed cloud:<id>:extend:<n>) */
    extensions: integer('extensions').notNull().default(0),
    /** PSC charged and refunded so far */
    charged: integer('charged').notNull().default(0),
    refunded: integer('refunded').notNull().default(0),
    status: text('status', { enum: CLOUD_SESSION_STATES }).notNull().default('machine_booting'),
    timezoneName: text('timezone_name'),
    timezoneOffset: integer('timezone_offset'),
    /** the provider that runs it and its handle (local: display and port; pool: machine id) */
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    hostName: text('host_name'),
    ipAddress: text('ip_address'),
    port: integer('port'),
    username: text('username'),
    /** the one-time VNC password, sealed by the secret box */
    passwordSealed: text('password_sealed'),
    /** the estimated end of booting / shutting down (the banner's waiting_time) */
    waitingUntil: at('waiting_until'),
    startedAt: at('started_at'),
    endsAt: at('ends_at'),
    releasedAt: at('released_at'),
    failure: text('failure'),
    /**
     * The workstation agent: its personal access token (the owner's, scoped to the project, revoked at
     * release; sealed so a boot job that runs again hands the same one), the phase and idle time of its
     * last heartbeat, when the idle warning went out and when it reported its final sync done.
     */
    agentTokenId: uuid('agent_token_id'),
    agentTokenSealed: text('agent_token_sealed'),
    agentPhase: text('agent_phase', { enum: ['booting', 'started', 'syncing', 'synced'] }),
    agentHeartbeatAt: at('agent_heartbeat_at'),
    agentIdleSeconds: integer('agent_idle_seconds'),
    agentIdleWarnedAt: at('agent_idle_warned_at'),
    agentSyncedAt: at('agent_synced_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('cloud_sessions_user_idx').on(t.userId, t.createdAt.desc()),
    index('cloud_sessions_active_idx')
      .on(t.hardwareSlug)
      .where(sql`${t.status} in ('machine_booting', 'machine_started', 'machine_shutting_down')`),
    uniqueIndex('cloud_sessions_one_active_per_user')
      .on(t.userId)
      .where(sql`${t.status} in ('machine_booting', 'machine_started', 'machine_shutting_down')`),
    index('cloud_sessions_team_idx').on(t.teamId, t.createdAt),
    check(
      'cloud_sessions_charged_ck',
      sql`${t.charged} >= 0 and ${t.refunded} >= 0 and ${t.refunded} <= ${t.charged}`,
    ),
  ],
);

export const CLOUD_QUEUE_STATES = ['waiting', 'offered', 'accepted', 'cancelled', 'expired'] as const;

/** A wait for a machine of one hardware kind (spec 001 §4: machine_inqueue, machine_available). */
export const cloudQueue = pgTable(
  'cloud_queue',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id'),
    hardwareSlug: text('hardware_slug').notNull(),
    configurationId: text('configuration_id').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    status: text('status', { enum: CLOUD_QUEUE_STATES }).notNull().default('waiting'),
    offeredUntil: at('offered_until'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 6 }).notNull().defaultNow(),
  },
  (t) => [
    index('cloud_queue_line_idx').on(t.hardwareSlug, t.status, t.createdAt),
    uniqueIndex('cloud_queue_one_per_user')
      .on(t.userId)
      .where(sql`${t.status} in ('waiting', 'offered')`),
  ],
);

/** A report of a problem with a session (spec 001 §5), seen and handled by a platform admin. */
export const cloudIssueReports = pgTable('cloud_issue_reports', {
  id: uuid('id').primaryKey().defaultRandom(),
  sessionId: uuid('session_id')
    .notNull()
    .references(() => cloudSessions.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  errorType: text('error_type').notNull(),
  errorMessage: text('error_message').notNull(),
  handledAt: at('handled_at'),
  createdAt: createdAt(),
});

/**
 * A registered workstation of the `pool` provider: its VNC address and credentials (the
 * password sealed by the secret box). `leasedBy` is the session using it; a session leases one
 * atomically (FOR UPDATE SKIP LOCKED) and frees it when released.
 */
export const cloudPoolMachines = pgTable('cloud_pool_machines', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  hardwareSlug: text('hardware_slug').notNull(),
  host: text('host').notNull(),
  port: integer('port').notNull(),
  username: text('username').notNull().default(''),
  /** the VNC password the machine accepts now (rotated machines: the last one written) */
  passwordSealed: text('password_sealed').notNull(),
  /**
   * How its password changes per session: 'none' (the registered password is handed to
   * every session), or 'passwd_file' (x11vnc run with `-passwdfile read:<rotationPath>`, a file this
   * server can write: it writes a fresh password at each lease and another at each release).
   */
  rotation: text('rotation', { enum: ['none', 'passwd_file'] })
    .notNull()
    .default('none'),
  rotationPath: text('rotation_path'),
  /** what its workstation agent last reported it can run (null: no agent reported yet) */
  capabilities: jsonb('capabilities').$type<{ softwares: string[]; plugins: string[] }>(),
  /**
   * SHA-256 of the machine's agent key (rsm_…, shown once to the admin who registered it): its
   * agent service asks with it which session's agent to run (cloud.poolAgent.ts).
   */
  agentKeyHash: text('agent_key_hash').unique(),
  /** when its agent service last asked for a lease: a machine seen once runs our agent, so its sessions wait for it */
  agentSeenAt: at('agent_seen_at'),
  leasedBy: uuid('leased_by')
    .unique()
    .references(() => cloudSessions.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/**
 * The cloud catalogue: one row, the document `cloudCatalogueSchema` checks. Seeded on
 * first start from CLOUD_CATALOGUE_FILE or the built-in default; a platform admin edits it on
 * /cloud-admin. `fileSha256` is the file last applied: a changed file replaces the row at start.
 */
export const cloudCatalogue = pgTable(
  'cloud_catalogue',
  {
    id: integer('id').primaryKey().default(1),
    catalogue: jsonb('catalogue').notNull(),
    fileSha256: text('file_sha256'),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [check('cloud_catalogue_one_row', sql`${t.id} = 1`)],
);

/**
 * A user's desktop settings folder in a team (a tar.gz the agent saves at the final sync), restored at
 * the start of that user's next session in the same team. One blob per (team, user), replaced each time.
 */
export const cloudUserSettings = pgTable(
  'cloud_user_settings',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blobKey: text('blob_key').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] })],
);
