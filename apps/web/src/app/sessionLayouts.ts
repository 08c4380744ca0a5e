/**
 * The layouts of the pages that read through the query cache, as one lazy module: the cache
 * (QueryLayout), the login guard and the logged-in shell. They are in the build's one `session`
 * chunk (apps/web/sessionChunk.ts); imported one by one, each would also cost a file of its own, a
 * stub that starts its module, and over HTTP/1.1 a request slot and a round trip before home can
 * paint (docs/decisions/0030-web-first-load.md 'Web first load, eighth cut').
 */
export * as queryLayout from './QueryLayout.tsx';
export * as requireAuth from './shell/RequireAuth.tsx';
export * as shellRoute from './shell/ShellRoute.tsx';
