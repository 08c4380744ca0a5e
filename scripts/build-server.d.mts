/** The server bundle's path (apps/server/dist/main.mjs). */
export declare const serverBundle: string;
/** Bundles the server's own code into `serverBundle` (scripts/build-server.mjs). */
export declare function buildServer(): Promise<string>;
