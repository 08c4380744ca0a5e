import { z } from 'zod';

export const cloud = {
  /** Explicit, else resolved in loadConfig: `local` outside production, `pool` in production. */
  CLOUD_PROVIDER: z.enum(['local', 'simulated', 'pool']).optional().meta({
    default: '`local` (`pool` when `NODE_ENV=production`)',
    description:
      'where cloud-editing sessions run: `local` (a real desktop per session on this machine: Xvfb + openbox + x11vnc on a loopback port; without them bookings answer ‘Resource is not available’ and the log says why), `simulated` (credentials, no desktop: tests, machines without X), `pool` (workstations a platform admin registers through `/api/cloud/admin/machines`; a session leases one)',
  }),
  CLOUD_CATALOGUE_FILE: z
    .string()
    .optional()
    .describe(
      'a JSON file seeding the cloud catalogue in the database on first start, and replacing it at a start when the file’s content changed (else the platform admin’s edits on /cloud-admin stay) (system types, softwares, plugins with prices and auto_select, hardware with price per hour and capacity); shape: `cloudCatalogueSchema` in packages/shared/src/rules/cloud.ts',
    ),
  CLOUD_CONFIRM_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .default(300)
    .describe('how long an offered queued machine waits for its confirmation (spec 001 §9: 5 minutes)'),
  CLOUD_LOCAL_GEOMETRY: z
    .string()
    .regex(/^\d{3,4}x\d{3,4}$/)
    .default('1280x720')
    .describe('screen size of the local desktops'),
  CLOUD_LOCAL_HOME_DIR: z
    .string()
    .optional()
    .describe(
      'where the local provider makes each session’s home folder (mode 0700, removed at the end; default: the system’s temporary directory’s rushes-desktops)',
    ),
  CLOUD_AGENT_BIN: z
    .string()
    .optional()
    .describe(
      'the workstation agent the local provider starts beside each desktop (the built rushes-upload binary); unset: this checkout’s packages/uploader/bin/rushes-upload.mjs run by this Node',
    ),
  CLOUD_FINAL_SYNC_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .default(120)
    .describe(
      'how long a session’s shutdown waits for its workstation agent’s final sync (renders still uploading) before the machine stops anyway',
    ),
  CLOUD_IDLE_WARN_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(20)
    .describe(
      'minutes without input on a cloud desktop (its workstation agent reports them) after which its owner is warned that the session will end',
    ),
  CLOUD_IDLE_END_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30)
    .describe(
      'minutes without input after which a cloud session ends by itself (final sync first) and its unused whole hours are refunded',
    ),
  CLOUD_AGENT_BOOT_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(3600)
    .default(180)
    .describe(
      'how long a booting session waits for its workstation agent’s first ‘started’ (local desktops); without it the session fails and its credits are refunded',
    ),
  CLOUD_AGENT_LOST_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(3600)
    .default(60)
    .describe(
      'seconds without a heartbeat from a started session’s workstation agent after which the log and the cloud admin page call it lost (the session runs on)',
    ),
  CLOUD_POOL_PASSWORD_DIR: z
    .string()
    .optional()
    .describe(
      'a directory the server writes pool workstations’ x11vnc password files in (`-passwdfile read:<dir>/<file>`, a local directory or a mount the workstations read): those registered with rotation get a fresh password per session and another at its end; unset: pool passwords are not rotated',
    ),
  /** Operators of this installation, not team admins. */
  PLATFORM_ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .describe(
      'comma-separated e-mails of this installation’s operators (not team admins): they list and handle cloud issue reports and register the pool’s workstations (`/api/cloud/admin/*`)',
    ),
};
