export * from './accounts.ts';
export * from './platform.ts';
export * from './teams.ts';
export * from './projects.ts';
export * from './chat.ts';
export * from './shares.ts';
export * from './tasks.ts';
export * from './uploads.ts';
