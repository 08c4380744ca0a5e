import { defineModule } from './modules.ts';
import { outboxRoutes } from './mail/outbox.routes.ts';
import { maintenanceJob, scheduleMaintenance } from './maintenance.ts';

/** The platform's own jobs, routes and timers, declared in the same shape as a module's. */
export const platformModule = defineModule({
  name: 'platform',
  routes: [(ctx) => outboxRoutes(ctx.mailer, { remote: ctx.config.MAIL_OUTBOX_REMOTE })],
  jobs: {
    'mail.deliver':
      (ctx) =>
      ({ mailId }) =>
        ctx.mailer.deliver(mailId),
    'maintenance.hourly': maintenanceJob,
    // Durable event subscribers (platform/events/bus.ts): one job per subscriber and event.
    'events.deliver': (ctx) => (data) => ctx.events.deliver(data),
  },
  schedules: [scheduleMaintenance],
});
