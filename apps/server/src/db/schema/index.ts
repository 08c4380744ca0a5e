// One file per owning module (DESIGN §3): a module's tables live in db/schema/<module>.ts and other
// modules reach them only through the owner's front door. This index re-exports them all for
// drizzle-kit and for the owners' own imports.
export * from './accounts.ts';
export * from './approvals.ts';
export * from './assets.ts';
export * from './auth.ts';
export * from './billing.ts';
export * from './brief.ts';
export * from './camera.ts';
export * from './chat.ts';
export * from './notifications.ts';
export * from './plans.ts';
export * from './platform.ts';
export * from './projects.ts';
export * from './shares.ts';
export * from './tasks.ts';
export * from './teams.ts';
export * from './uploads.ts';
export * from './ai.ts';
export * from './subscriptions.ts';
export * from './credits.ts';
export * from './payments.ts';
export * from './cloud.ts';
export * from './shell.ts';
export * from './integrations.ts';
export * from './transfers.ts';
export * from './live.ts';
export * from './transcripts.ts';
export * from './audit.ts';
export * from './webhooks.ts';
export * from './signin.ts';
