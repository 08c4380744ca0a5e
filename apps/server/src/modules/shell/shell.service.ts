import { eq } from 'drizzle-orm';
import {
  SUPPORT_CHAT_DELAY_MS,
  type ProductTourState,
  type ShellConfig,
  type SupportChatSettings,
  type TeamShellSettings,
} from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { productTours, teamShellSettings } from '../../db/schema/index.ts';

/** The app shell's settings, the live-chat widget's, the product tour's flag and a team's shell settings. */
export function createShellService(ctx: AppContext) {
  const { config, db } = ctx;

  return {
    config(): ShellConfig {
      return { help_center_url: config.HELP_CENTER_URL, build_type: config.BUILD_TYPE };
    },

    /** Chatwoot's base URL and website token are public by design (the widget's page shows them). */
    supportChat(): SupportChatSettings {
      const enabled = Boolean(config.SUPPORT_CHAT_BASE_URL && config.SUPPORT_CHAT_WEBSITE_TOKEN);
      return {
        enabled,
        provider: enabled ? 'chatwoot' : null,
        base_url: enabled ? config.SUPPORT_CHAT_BASE_URL!.replace(/\/$/, '') : null,
        website_token: enabled ? config.SUPPORT_CHAT_WEBSITE_TOKEN! : null,
        delay_ms: SUPPORT_CHAT_DELAY_MS,
      };
    },

    /** The tour shows until the user finishes or dismisses it once (first login), or restarts it. */
    async tour(userId: string): Promise<ProductTourState> {
      if (config.PRODUCT_TOUR === 'off') return { show_tour: false };
      const [row] = await db.select().from(productTours).where(eq(productTours.userId, userId)).limit(1);
      return { show_tour: !row?.completedAt };
    },

    async setTour(userId: string, completed: boolean): Promise<ProductTourState> {
      const completedAt = completed ? new Date() : null;
      await db
        .insert(productTours)
        .values({ userId, completedAt })
        .onConflictDoUpdate({ target: productTours.userId, set: { completedAt } });
      return { show_tour: !completed && config.PRODUCT_TOUR === 'on' };
    },

    /** Members read, owners change (teams.canView / canUpdate: the routes' policies, checked before). */
    async teamSettings(teamId: string): Promise<TeamShellSettings> {
      const [row] = await db
        .select()
        .from(teamShellSettings)
        .where(eq(teamShellSettings.teamId, teamId))
        .limit(1);
      return { block_dev_tools: row?.blockDevTools ?? false };
    },

    async setTeamSettings(teamId: string, blockDevTools: boolean): Promise<TeamShellSettings> {
      await db
        .insert(teamShellSettings)
        .values({ teamId, blockDevTools })
        .onConflictDoUpdate({ target: teamShellSettings.teamId, set: { blockDevTools } });
      return { block_dev_tools: blockDevTools };
    },
  };
}
