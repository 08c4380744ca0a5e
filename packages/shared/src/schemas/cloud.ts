import { z } from 'zod';
import { CLOUD_DURATIONS, CLOUD_EXTENSION_MINUTES, CLOUD_TEXT, MACHINE_STATUSES } from '../rules/cloud.ts';
import { cloudCatalogueSchema } from '../rules/cloudCatalogue.ts';
import { uuid } from './fields.ts';

/**
 * Cloud editing (spec 001 §3, §7): request and answer shapes (the paths are CLOUD_API in
 * rules/cloud.ts). Field names are the spec's.
 */

const slugField = z.string().regex(/^[a-z0-9_]{1,60}$/);
const taskType = z.string().max(40).default('task');
const duration = z.coerce
  .number()
  .int()
  .refine((d) => (CLOUD_DURATIONS as readonly number[]).includes(d), 'Choose 60, 120, 180 or 240 minutes');
const configurationIdField = z.string().min(3).max(300);

export const cloudProjectQuery = z.object({
  project_db_id: uuid(),
  task_db_id: uuid().optional(),
  task_type: z.string().max(40).optional(),
});
export const cloudSoftwareQuery = cloudProjectQuery.extend({ software_slug: slugField });
export const cloudSystemsQuery = cloudSoftwareQuery.extend({
  hardware_slug: slugField,
  /** comma-separated plugin slugs */
  plugin_slug: z.string().max(600).default(''),
});

export const cloudAvailabilityBody = z.object({
  project_db_id: uuid(),
  task_db_id: uuid().optional(),
  task_type: taskType,
  duration,
  cloud_configuration_db_id: configurationIdField,
});
export const cloudStartBody = cloudAvailabilityBody.extend({
  hardware_slug: slugField,
  software_slug: slugField,
  plugin_slug: z.array(slugField).max(20).default([]),
  timezone: z.object({ name: z.string().max(80), offset: z.number().int().min(-900).max(900) }),
});
export const cloudExtendBody = z.object({
  project_db_id: uuid(),
  cloud_id: uuid(),
  duration: z.literal(CLOUD_EXTENSION_MINUTES),
});
export const cloudEndBody = z.object({ project_db_id: uuid(), cloud_id: uuid(), message: z.literal('End') });
export const cloudQueueBody = z.object({
  project_db_id: uuid(),
  task_db_id: uuid().optional(),
  task_type: taskType,
  cloud_configuration_db_id: configurationIdField,
  duration,
});
export const cloudCancelQueueBody = z.object({ cloud_resource_queue_id: uuid() });
export const cloudConnectorQuery = z.object({
  os: z.enum(['windows', 'mac_intel', 'mac_silicon', 'linux']),
  /** spec 001 §7's key: which download (ignored: the connector is the uploader program's `connect`) */
  key: z.string().max(40).optional(),
});
/**
 * The connector for one OS: our own program (the uploader build, whose `connect` command opens the
 * tunnel). `url` is a same-origin path: the built file, or the /uploader page when it is not built
 * (then file_name, size and sha256 are null).
 */
export const cloudConnectorDownload = z.object({
  url: z.string(),
  file_name: z.string().nullable(),
  size: z.number().nullable(),
  sha256: z.string().nullable(),
});
export const cloudSessionQuery = z.object({ cloud_id: uuid() });
export const cloudErrorTypesQuery = z.object({ cloud_assignment_db_id: uuid() });
export const cloudReportBody = z.object({
  cloud_assignment_db_id: uuid(),
  /** what the user typed: must equal the session's id (spec 001 §5) */
  cloud_assignment_id: z.string().trim().max(40),
  error_type: z.string().min(1).max(40),
  error_message: z.string().trim().max(2000).default(''),
});

const priced = z.object({ slug: z.string(), title: z.string(), pricing: z.number() });

export const cloudSystemTypes = z.object({
  system_types: z.array(z.object({ slug: z.string(), title: z.string(), icon: z.string() })),
});
export const cloudSoftwares = z.object({
  softwares: z.array(
    z.object({
      slug: z.string(),
      title: z.string(),
      system_type: z.string(),
      external_url: z.string().nullable(),
      skip_plugins: z.boolean(),
      is_adobe_license_required: z.boolean(),
    }),
  ),
});
export const cloudPlugins = z.object({
  plugins: z.array(
    priced.extend({
      configurations: z.object({ description: z.string(), auto_select: z.array(z.string()) }),
    }),
  ),
});
export const cloudHardwareList = z.object({
  hardware: z.array(
    priced.extend({
      configurations: z.object({ processors: z.string(), message: z.string() }),
      available: z.number().int(),
    }),
  ),
});
export const cloudSystem = z.object({
  cloud_configuration_db_id: z.string(),
  software: z.object({ slug: z.string(), title: z.string() }),
  hardware: priced,
  plugins: z.array(priced),
  /** PSC per hour (hardware + plugins) */
  pricing: z.number(),
  is_adobe_license_required: z.boolean(),
});

export const machineStatus = z.enum(MACHINE_STATUSES);

export const cloudAvailability = z.object({
  available: z.boolean(),
  machine_status: machineStatus,
  /** PSC the booking costs */
  amount: z.number(),
  /** the caller's queue entry for this hardware, if any */
  cloud_resource_queue_id: z.string().nullable(),
  in_queue: z.boolean(),
});

/** The caller's session (spec 001 §3 cloud configuration, with the access details). */
export const cloudSession = z.object({
  cloud_access_db_id: z.string(),
  cloud_assignment_db_id: z.string(),
  cloud_resource_assignment_id: z.string(),
  /** the human session id the report form asks for */
  cloud_assignment_id: z.string(),
  cloud_configuration_db_id: z.string(),
  machine_status: machineStatus,
  in_queue: z.literal(false),
  duration: z.number(),
  current_time: z.string(),
  waiting_time: z.string().nullable(),
  session_end_datetime: z.string().nullable(),
  can_extend_session: z.boolean(),
  is_adobe_license_required: z.boolean(),
  /** while started: a short-lived token for the browser launch (the VNC WebSocket), the owner's alone */
  launch_token: z.string().nullable(),
  username: z.string().nullable(),
  password: z.string().nullable(),
  ip_address: z.string().nullable(),
  host_name: z.string().nullable(),
  project_db_id: z.string(),
  task_db_id: z.string().nullable(),
  team_db_id: z.string(),
  cloud_system: z.object({ label: z.string(), icon: z.string(), value: z.string() }),
  configurations: z.object({ software: z.string(), title: z.string(), pricing: z.number() }),
  plugins: z.array(priced),
  hardware: priced,
  charged: z.number(),
});
export type CloudSession = z.output<typeof cloudSession>;

/** The banner's requested session (spec 001 §3). */
export const requestedCloudSession = z.object({
  machine_status: machineStatus,
  waiting_time: z.string().nullable(),
  session_end_datetime: z.string().nullable(),
  project_db_id: z.string(),
  task_db_id: z.string().nullable(),
  team_db_id: z.string(),
  host_name: z.string().nullable(),
});
export type RequestedCloudSession = z.output<typeof requestedCloudSession>;

export const cloudQueueEntry = z.object({
  cloud_resource_queue_id: z.string(),
  cloud_queue_id: z.string(),
  machine_status: z.enum(['machine_inqueue', 'machine_available']),
  in_queue: z.boolean(),
  position: z.number().int(),
  /** until when an offered machine waits for the confirmation */
  confirm_before: z.string().nullable(),
  cloud_configuration_db_id: z.string(),
  duration: z.number(),
  project_db_id: z.string(),
});
export type CloudQueueEntry = z.output<typeof cloudQueueEntry>;

export const cloudTime = z.object({
  data: z.object({ session: requestedCloudSession.nullable() }),
  current_time: z.string(),
  session: cloudSession.nullable(),
  queue: cloudQueueEntry.nullable(),
});
export type CloudTime = z.output<typeof cloudTime>;

export const cloudLaunch = z.object({
  launch_token: z.string(),
  /** the WebSocket path (same origin) */
  url: z.string(),
  password: z.string(),
  expires_at: z.string(),
});
/**
 * The connector's connection file (`CS-XXXX.rushes`): `content` is JSON { url (the server's public
 * address as the browser reached it, never loopback), cloud_id, token (the connector token) }, and
 * `command` what to run with it.
 */
export const cloudConnectionFile = z.object({
  file_name: z.string(),
  content: z.string(),
  command: z.string(),
});
export const cloudErrorTypes = z.object({
  error_types: z.array(z.object({ value: z.string(), label: z.string() })),
});
export const cloudMessage = z.object({ message: z.string() });
export type CloudAvailabilityAnswer = z.output<typeof cloudAvailability>;

export const cloudAdminReports = z.object({
  reports: z.array(
    z.object({
      report_db_id: z.string(),
      cloud_assignment_id: z.string(),
      reporter: z.string(),
      error_type: z.string(),
      error_message: z.string(),
      created_on: z.string(),
      handled_on: z.string().nullable(),
    }),
  ),
});
export const cloudHandleReportBody = z.object({ report_db_id: uuid() });

export const POOL_ROTATIONS = ['none', 'passwd_file'] as const;
export type PoolRotation = (typeof POOL_ROTATIONS)[number];

export const cloudMachineBody = z
  .object({
    name: z.string().trim().min(1).max(80),
    hardware_slug: slugField,
    host: z.string().trim().min(1).max(253),
    port: z.number().int().min(1).max(65535),
    username: z.string().trim().max(80).default(''),
    password: z.string().min(1).max(200),
    /** how the password changes per session (see the pool provider) */
    rotation: z.enum(POOL_ROTATIONS).default('none'),
    /** passwd_file: the file's name in the server's CLOUD_POOL_PASSWORD_DIR */
    rotation_file: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}$/)
      .optional(),
  })
  .refine((b) => b.rotation === 'none' || Boolean(b.rotation_file), {
    path: ['rotation_file'],
    message: CLOUD_TEXT.rotationPath,
  });
export const cloudMachineIdBody = z.object({ machine_db_id: uuid() });
export const cloudMachines = z.object({
  machines: z.array(
    z.object({
      machine_db_id: z.string(),
      name: z.string(),
      hardware_slug: z.string(),
      host: z.string(),
      port: z.number(),
      username: z.string(),
      in_use: z.boolean(),
      rotation: z.enum(POOL_ROTATIONS),
      rotation_file: z.string().nullable(),
      /** whether the machine has an agent key (registered before keys existed: none until rotated) */
      has_agent_key: z.boolean(),
      /** when its agent service last asked for a lease (null: never, its sessions do not wait for an agent) */
      agent_seen_on: z.string().nullable(),
    }),
  ),
});
/** After registering a machine or a new key: the key, shown this once, and the command that uses it. */
export const cloudMachineKeyed = cloudMachines.extend({
  agent_key: z.object({
    machine_db_id: z.string(),
    /** rsm_…: only its hash is kept */
    key: z.string(),
    /** the agent service's command line for the workstation */
    command: z.string(),
  }),
});

/** The catalogue a platform admin edits (the whole document is saved at once). */
export const cloudAdminCatalogue = z.object({
  catalogue: cloudCatalogueSchema,
  updated_on: z.string().nullable(),
});
export const cloudCatalogueBody = z.object({ catalogue: cloudCatalogueSchema });
