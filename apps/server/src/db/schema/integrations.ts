import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { teams } from './teams.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 }).notNull().defaultNow();

/**
 * A team's app integration (issue 17): an S3 or Contido bucket pair (input / output) or a Sprinklr
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
    /** Sprinklr: environment, business_unit, campaign_id, campaign_name, agency_for_media_assets */
    settings: jsonb('settings').$type<Record<string, string | null>>(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at'),
  },
  (t) => [index('integrations_team_idx').on(t.teamId, t.service, t.createdAt)],
);
