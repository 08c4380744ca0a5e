import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { teams } from './teams.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 }).notNull().defaultNow();

/**
 * A team's app integration: an S3 or Contido bucket pair (input / output) or a Sprinklr
 * campaign. Secrets (access keys) are sealed with the secret box (AES-256-GCM) in `sealed_secret`
 * and never leave the server; `access_key_hint` keeps the key id's last 4 characters for display.
 */
export const integrations = pgTable(
  'integrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** 's3' | 'contido' | 'sprinklr' */
    service: text('service').notNull(),
    region: text('region').notNull(),
    /** Contido's S3-compatible endpoint (null for AWS S3: the region's endpoint). */
    endpoint: text('endpoint'),
    inputBucket: text('input_bucket'),
    inputFolder: text('input_folder'),
    outputBucket: text('output_bucket'),
    outputFolder: text('output_folder'),
    createDateFolders: boolean('create_date_folders').notNull().default(false),
    /** 'role' | 'keys' */
    authMode: text('auth_mode').notNull().default('keys'),
    roleArn: text('role_arn'),
    accessKeyHint: text('access_key_hint'),
    sealedSecret: text('sealed_secret'),
    /** 'pending' until a Test connection; then 'success' or 'failed' */
    status: text('status').notNull().default('pending'),
    statusDetail: text('status_detail'),
    /** Sprinklr: environment, business_unit (+ _name), campaign_id, campaign_name, agency_for_media_assets (+ _name) */
    settings: jsonb('settings').$type<Record<string, string | null>>(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at'),
  },
  (t) => [index('integrations_team_idx').on(t.teamId, t.service, t.createdAt)],
);

/**
 * Sprinklr OAuth tokens: one row per API key and environment, sealed. A refresh runs
 * under this row's lock (SELECT … FOR UPDATE), so two workers never refresh the same token at once.
 */
export const sprinklrTokens = pgTable('sprinklr_tokens', {
  id: text('id').primaryKey(),
  sealedAccess: text('sealed_access').notNull(),
  sealedRefresh: text('sealed_refresh').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  updatedAt: at('updated_at'),
});

/** An asset shared to an integration (a Sprinklr campaign): who shared it, what Sprinklr made of it. */
export const integrationShares = pgTable(
  'integration_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    integrationId: uuid('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    assetId: uuid('asset_id').notNull(),
    sharedBy: uuid('shared_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    remoteId: text('remote_id'),
    createdAt: at('created_at'),
  },
  (t) => [
    uniqueIndex('integration_shares_unique').on(t.integrationId, t.assetId),
    index('integration_shares_asset_idx').on(t.assetId),
  ],
);
