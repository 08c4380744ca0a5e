import { defineRoutes } from './define.ts';

export const apiTokensRoutes = defineRoutes('apiTokens', {});
