import { z } from 'zod';
import { uuid } from './fields.ts';

/**
 * The app shell's runtime settings: where Help Center opens and the build type. The web
 * reads them at run time, so one built bundle serves every deployment (nothing baked at build time).
 */
export const BUILD_TYPES = ['web', 'app'] as const;
export type BuildType = (typeof BUILD_TYPES)[number];

export const shellConfig = z.object({
  /** Absolute URL or same-origin path; the user guide when HELP_CENTER_URL is unset. */
  help_center_url: z.string(),
  /** 'app': the embedded/kiosk shell (no notification bell, no team switcher; docs/decisions/0027-app-shell-and-user-guide.md). */
  build_type: z.enum(BUILD_TYPES),
});
export type ShellConfig = z.infer<typeof shellConfig>;

/** The live-chat widget (spec 002 §4, §7 support-chat): a self-hosted Chatwoot, or none. */
export const supportChatSettings = z.object({
  enabled: z.boolean(),
  provider: z.literal('chatwoot').nullable(),
  base_url: z.string().nullable(),
  website_token: z.string().nullable(),
  /** Milliseconds after load before the widget is loaded (spec 002 §9: 2 s). */
  delay_ms: z.number(),
});
export type SupportChatSettings = z.infer<typeof supportChatSettings>;

/** The first-login product tour, remembered per user on the server. */
export const productTourState = z.object({ show_tour: z.boolean() });
export type ProductTourState = z.infer<typeof productTourState>;
/** completed true: finished or dismissed; false: restart it (user menu). */
export const productTourBody = z.object({ completed: z.boolean() });

/** A team's shell settings: F12 blocking is an opt-in for kiosk use (DESIGN §10). */
export const teamShellQuery = z.object({ team_db_id: uuid() });
export const teamShellSettings = z.object({ block_dev_tools: z.boolean() });
export type TeamShellSettings = z.infer<typeof teamShellSettings>;
export const teamShellBody = z.object({ team_db_id: uuid(), block_dev_tools: z.boolean() });
