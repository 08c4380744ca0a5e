import { platformModule } from '../platform/platform.module.ts';
import type { EveryJobHandled } from '../platform/modules.ts';
import { authModule } from './auth/index.ts';
import { accountsModule } from './accounts/index.ts';
import { teamsModule } from './teams/index.ts';
import { usersModule } from './users/index.ts';
import { billingModule } from './billing/index.ts';
import { plansModule } from './plans/index.ts';
import { projectsModule } from './projects/index.ts';
import { assetsModule } from './assets/index.ts';
import { chatModule } from './chat/index.ts';
import { notificationsModule } from './notifications/index.ts';
import { sharesModule } from './shares/index.ts';
import { briefModule } from './brief/index.ts';
import { tasksModule } from './tasks/index.ts';
import { approvalsModule } from './approvals/index.ts';
import { uploadsModule } from './uploads/index.ts';
import { mediaModule } from './media/index.ts';
import { aiModule } from './ai/index.ts';
import { statisticsModule } from './statistics/index.ts';
import { subscriptionsModule } from './subscriptions/index.ts';
import { cloudModule } from './cloud/index.ts';
import { creditsModule } from './credits/index.ts';
import { paymentsModule } from './payments/index.ts';
import { cameraModule } from './camera/index.ts';
import { shellModule } from './shell/index.ts';
import { transfersModule } from './transfers/index.ts';
import { integrationsModule } from './integrations/index.ts';
import { liveModule } from './live/index.ts';
import { transcriptsModule } from './transcripts/index.ts';
import { auditModule } from './audit/index.ts';
import { webhooksModule } from './webhooks/index.ts';

/**
 * Every module of the app, in wiring order (listeners of one event run in this order). `app.ts`,
 * `main.ts` and the e2e server all loop over this list: a new module is its folder plus one line.
 */
export const MODULES = [
  // The platform's own jobs (mail, maintenance) and routes, in the same shape as a module's.
  platformModule,
  authModule,
  accountsModule,
  teamsModule,
  usersModule,
  billingModule,
  plansModule,
  projectsModule,
  assetsModule,
  chatModule,
  notificationsModule,
  sharesModule,
  briefModule,
  tasksModule,
  approvalsModule,
  uploadsModule,
  mediaModule,
  aiModule,
  cloudModule,
  creditsModule,
  paymentsModule,
  subscriptionsModule,
  statisticsModule,
  cameraModule,
  shellModule,
  transfersModule,
  integrationsModule,
  liveModule,
  transcriptsModule,
  auditModule,
  webhooksModule,
] as const;

/**
 * Compile-time half of the job registry check (DESIGN §7): every name of the `JobDefinitions` union
 * has a handler in some manifest above, or `npm run typecheck` fails naming the missing ones. The
 * boot half (`collectJobHandlers`) refuses a declared job without a handler, or with two.
 */
export const everyJobHandled: EveryJobHandled<(typeof MODULES)[number]> = true;
