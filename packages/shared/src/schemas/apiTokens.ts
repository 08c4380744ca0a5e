// The zod schemas of personal access tokens (account settings): the uploader's and the public API's.
import { z } from 'zod';
import { API_SCOPES, API_TOKEN_TEXT } from '../rules/apiTokens.ts';
import { addProductMessages, MSG } from '../rules/messages.ts';
import { uuid } from './fields.ts';

// The scope rule and texts travel with the schemas (one front door for the API tokens' contract).
export * from '../rules/apiTokens.ts';

// the guard's refusals and the form's field errors are ours (the envelope check knows them)
addProductMessages([
  ...(Object.values(API_TOKEN_TEXT) as unknown[]).filter((v): v is string => typeof v === 'string'),
  ...API_SCOPES.map(API_TOKEN_TEXT.needsScope),
]);

export const apiScope = z.enum(API_SCOPES);

/** One token as the list shows it (never the token itself: only its first characters). */
export const accessToken = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  /** what it may do; the uploader's and workstation agent's tokens: ['upload'] */
  scopes: z.array(apiScope),
  /** the team an API token acts in; null for the uploader's token (its user's projects) */
  team: z.object({ id: z.string(), name: z.string() }).nullable(),
  created_on: z.string(),
  last_used_on: z.string().nullable(),
  revoked: z.boolean(),
});
export type AccessToken = z.infer<typeof accessToken>;

/**
 * Create a token: with scopes it is an API token of the named team; without, the uploader's (scope
 * upload, its user's projects, the upload protocol only, as always). The web client adds the selected
 * team_db_id to every call, so the scopes, not the team, say which kind is made.
 */
export const createTokenBody = z
  .object({
    name: z.string().trim().min(1, MSG.required).max(60, MSG.charLimit100),
    team_db_id: uuid().optional(),
    scopes: z.array(apiScope).max(API_SCOPES.length).optional(),
  })
  .refine((b) => !b.scopes || b.scopes.length > 0, {
    message: API_TOKEN_TEXT.scopesRequired,
    path: ['scopes'],
  })
  .refine((b) => !b.scopes || b.team_db_id, { message: API_TOKEN_TEXT.teamRequired, path: ['team_db_id'] });
export const revokeTokenBody = z.object({ id: uuid() });
