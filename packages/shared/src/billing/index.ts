/**
 * The billing feature's shared part, `@rushes/shared/billing`: its schemas, its route map and
 * paths, its words and its realtime event. The package's index re-exports it for older callers.
 */
import type {} from './events.ts';

export * from './paths.ts';
export * from './routes.ts';
export * from './schemas.ts';
export * from './text.ts';
