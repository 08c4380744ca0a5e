import { z } from 'zod';
import { MSG, addProductMessages } from '../rules/messages.ts';
import { uuid } from './fields.ts';
import { INTEGRATION_TEXT, SPRINKLR_TEXT } from '../rules/integrationText.ts';

/**
 * App integrations (spec 002 §2–§9): Amazon S3 and Contido buckets, imports, exports and the
 * transfers that carry them. Spec texts are copied verbatim; the others are decided in
 * docs/decisions/0028-integrations-and-transfers.md ("Integrations and transfers").
 */

export const INTEGRATIONS_API = {
  /** GET the team's S3 integrations (team_db_id); POST create; DELETE (s3_integration_db_id) */
  s3: '/api/integrations/s3',
  /** GET one S3 integration (s3_integration_db_id) */
  s3Detail: '/api/integrations/s3/detail',
  /** GET what the customer sets up in AWS: the per-team ExternalId and the role trust policy (team_db_id) */
  s3Setup: '/api/integrations/s3/setup',
  /** POST Test connection (s3_integration_db_id): HeadBucket, ListObjectsV2, probe Put/Delete */
  s3Test: '/api/integrations/s3/test',
  /** GET the team's buckets (entries_per_page 100, page_no) */
  s3Buckets: '/api/integrations/s3-buckets',
  /** GET one bucket's folders and files (integration_db_id, bucket, folder_path, entries_per_page 500) */
  s3Folders: '/api/integrations/s3-folders',
  /** POST export assets to the output bucket */
  s3Uploads: '/api/integrations/s3-uploads',
  /** POST import objects of a bucket into a project */
  s3Imports: '/api/integrations/s3-imports',
  contido: '/api/integrations/contido',
  contidoDetail: '/api/integrations/contido/detail',
  contidoTest: '/api/integrations/contido/test',
  contidoBuckets: '/api/integrations/contido/buckets',
  contidoFolders: '/api/integrations/contido/folders',
  contidoUploads: '/api/integrations/contido/uploads',
  contidoImports: '/api/integrations/contido/imports',
  /** GET a project's transfers (project_db_id, service?, entries_per_page 25, page_no) */
  transfers: '/api/transfers',
  /** POST cancel a queued or running transfer (transfer_db_id) */
  transferCancel: '/api/transfers/cancel',
  /** POST run a failed transfer again (transfer_db_id) */
  transferRetry: '/api/transfers/retry',
} as const;

export const BUCKET_PAGE_SIZE = 100;
export const FOLDER_PAGE_SIZE = 500;
export const TRANSFERS_PAGE_SIZE = 25;
/** After an export the notification list is refetched after 1 s (spec 002 §4, §9). */
export const EXPORT_NOTIFICATIONS_REFETCH_MS = 1000;

export const BUCKET_SERVICES = ['s3', 'contido'] as const;
export type BucketService = (typeof BUCKET_SERVICES)[number];

/** Folder path (spec 002 §5): no spaces, no '//' or lone '/', letters, digits and !*./_- only. */
export const FOLDER_PATH_PATTERN = /^[A-Za-z0-9!*._/-]+$/;
export const isValidFolderPath = (v: string) => v !== '/' && !v.includes('//') && FOLDER_PATH_PATTERN.test(v);
/** Name-like identifier (spec 002 §5): 1 to 255 letters, digits, dot, hyphen, underscore. */
export const NAME_LIKE_PATTERN = /^[A-Za-z0-9._-]{1,255}$/;

const folderPath = () => z.string().refine(isValidFolderPath, { error: INTEGRATION_TEXT.invalidFolderPath });
const nameLike = () =>
  z
    .string()
    .min(1, { error: MSG.required })
    .regex(NAME_LIKE_PATTERN, { error: INTEGRATION_TEXT.invalidName });
const optionalFolder = () => z.union([z.literal(''), folderPath()]).optional();

/** dd-mm-yyyy of an instant in UTC (spec 002 §4): the export's date folder. */
export function utcDateFolder(at: Date) {
  const dd = String(at.getUTCDate()).padStart(2, '0');
  const mm = String(at.getUTCMonth() + 1).padStart(2, '0');
  return `${dd}-${mm}-${at.getUTCFullYear()}`;
}

/** Integration status text, lower-cased for its colour (spec 002 §4). */
export function integrationStatusColor(status: string): 'red' | 'green' | 'yellow' {
  const s = status.toLowerCase();
  if (s === 'failed') return 'red';
  if (s === 'success' || s === 'integrated') return 'green';
  return 'yellow';
}

/**
 * S3 / Contido create form (spec 002 §4): at least one of input or output ticked; a ticked path
 * needs its bucket. Access is an IAM role (the ExternalId is the team's, never the customer's) or
 * access keys; Contido brings its endpoint (and its region with it).
 */
export const bucketIntegrationForm = z
  .object({
    team_db_id: uuid(),
    team_id: z.string().optional(),
    region: z.string().optional(),
    endpoint: z.string().optional(),
    create_date_folders: z.boolean().default(false),
    input: z.boolean().default(false),
    input_bucket: z.string().optional(),
    input_bucket_folder: optionalFolder(),
    output: z.boolean().default(false),
    output_bucket: z.string().optional(),
    output_bucket_folder: optionalFolder(),
    auth_mode: z.enum(['role', 'keys']).default('keys'),
    role_arn: z.string().max(2048).optional(),
    access_key_id: z.string().max(128).optional(),
    secret_access_key: z.string().max(256).optional(),
  })
  .superRefine((v, c) => {
    if (!v.input && !v.output) c.addIssue({ code: 'custom', path: ['input'], message: MSG.required });
    for (const side of ['input', 'output'] as const) {
      if (!v[side]) continue;
      const bucket = v[`${side}_bucket`] ?? '';
      const res = nameLike().safeParse(bucket);
      if (!res.success)
        c.addIssue({ code: 'custom', path: [`${side}_bucket`], message: res.error.issues[0].message });
    }
    if (v.auth_mode === 'role' && !v.role_arn)
      c.addIssue({ code: 'custom', path: ['role_arn'], message: MSG.required });
    if (v.auth_mode === 'keys') {
      if (!v.access_key_id) c.addIssue({ code: 'custom', path: ['access_key_id'], message: MSG.required });
      if (!v.secret_access_key)
        c.addIssue({ code: 'custom', path: ['secret_access_key'], message: MSG.required });
    }
    if (v.endpoint !== undefined && v.endpoint !== '') {
      const ok = (() => {
        try {
          const u = new URL(v.endpoint);
          return u.protocol === 'http:' || u.protocol === 'https:';
        } catch {
          return false;
        }
      })();
      if (!ok) c.addIssue({ code: 'custom', path: ['endpoint'], message: INTEGRATION_TEXT.invalidEndpoint });
    }
  });
export type BucketIntegrationForm = z.input<typeof bucketIntegrationForm>;

/** One bucket integration as the browser sees it: never a secret (only the key id's last 4). */
export const bucketIntegration = z.object({
  s3_integration_db_id: z.string(),
  integration_db_id: z.string(),
  service: z.enum(BUCKET_SERVICES),
  region: z.string(),
  endpoint: z.string().nullable(),
  input_bucket: z.string().nullable(),
  input_bucket_folder: z.string().nullable(),
  output_bucket: z.string().nullable(),
  output_bucket_folder: z.string().nullable(),
  create_date_folders: z.boolean(),
  aws_config: z.object({ region: z.string(), region_name: z.string() }),
  input_folder_path: z.string(),
  output_folder_path: z.string(),
  input_bucket_policy: z.string().nullable(),
  output_bucket_policy: z.string().nullable(),
  bucket_policy: z.string().nullable(),
  auth_mode: z.enum(['role', 'keys']),
  role_arn: z.string().nullable(),
  access_key_hint: z.string().nullable(),
  status: z.string(),
  status_detail: z.string().nullable(),
  created_at: z.string(),
});
export type BucketIntegration = z.infer<typeof bucketIntegration>;

export const teamQuery = z.object({ team_db_id: uuid(), team_id: z.string().optional() });
export const s3IdQuery = z.object({ s3_integration_db_id: uuid() });
export const contidoIdQuery = z.object({ integration_db_id: uuid() });

export const s3Setup = z.object({
  external_id: z.string(),
  /** the team's region: S3 integrations use it (read-only in the form) */
  region: z.string(),
  region_name: z.string(),
  rushes_principal: z.string(),
  role_trust_policy: z.string(),
});

export const connectionCheck = z.object({
  name: z.enum(['HeadBucket', 'ListObjectsV2', 'PutObject', 'DeleteObject']),
  bucket: z.string(),
  ok: z.boolean(),
  message: z.string(),
});
export const connectionTest = z.object({
  status: z.string(),
  checks: z.array(connectionCheck),
  integration: bucketIntegration,
});
export type ConnectionTest = z.infer<typeof connectionTest>;

export const bucketsQuery = z.object({
  team_db_id: uuid(),
  entries_per_page: z.coerce.number().int().min(1).max(BUCKET_PAGE_SIZE).default(BUCKET_PAGE_SIZE),
  page_no: z.coerce.number().int().min(1).default(1),
});
export const bucketEntry = z.object({
  integration_db_id: z.string(),
  bucket: z.string(),
  folder: z.string(),
  side: z.enum(['input', 'output']),
  /** The integration's: an export to this (output) bucket lands in a dd-mm-yyyy folder. */
  create_date_folders: z.boolean(),
});
export type BucketEntry = z.infer<typeof bucketEntry>;
export const bucketPage = z.object({ buckets: z.array(bucketEntry), total_entries: z.number() });

export const foldersQuery = z.object({
  integration_db_id: uuid(),
  bucket: z.string().regex(NAME_LIKE_PATTERN, { error: INTEGRATION_TEXT.invalidName }),
  folder_path: z.union([z.literal(''), z.literal('/'), folderPath()]).default(''),
  entries_per_page: z.coerce.number().int().min(1).max(FOLDER_PAGE_SIZE).default(FOLDER_PAGE_SIZE),
  /** The continuation token of the previous page (S3 pages by token, not by number). */
  page_token: z.string().max(2048).optional(),
});
export const folderPage = z.object({
  /** Folder entries have label and value (spec 002 §3). */
  folders: z.array(z.object({ label: z.string(), value: z.string() })),
  files: z.array(z.object({ key: z.string(), name: z.string(), size: z.number() })),
  next_page_token: z.string().nullable(),
});
export type FolderPage = z.infer<typeof folderPage>;

export const importBody = z.object({
  project_db_id: uuid(),
  integration_db_id: uuid(),
  bucket: z.string().regex(NAME_LIKE_PATTERN, { error: INTEGRATION_TEXT.invalidName }),
  keys: z.array(z.string().min(1).max(1024)).min(1, { error: MSG.required }).max(500),
  /** Where in the project the files land ('/' = root). */
  folder_path: z.string().max(1000).default('/'),
});

/** Export (spec 002 §7): files, folders, ingest_db_ids, project_db_id, source_bucket, destination… */
export const exportBody = z.object({
  project_db_id: uuid(),
  integration_db_id: uuid(),
  ingest_db_ids: z.array(uuid()).default([]),
  folders: z.array(uuid()).default([]),
  files: z.array(z.string()).optional(),
  source_bucket: z.string().optional(),
  destination_bucket: z.string({ error: INTEGRATION_TEXT.bucketRequired }).regex(NAME_LIKE_PATTERN, {
    error: INTEGRATION_TEXT.bucketRequired,
  }),
  destination_folder: z.union([z.literal(''), folderPath()]).default(''),
});
export type ExportBody = z.input<typeof exportBody>;

export const TRANSFER_TYPES = ['import', 'export', 'share'] as const;
export const TRANSFER_STATES = ['queued', 'in_progress', 'finished', 'failed', 'cancelled'] as const;
export type TransferState = (typeof TRANSFER_STATES)[number];
/** Import status codes (spec 002 §4): finished 1, inprogress 3; failed 2 and queued 4 as ingest's. */
export const TRANSFER_STATUS_CODE: Record<TransferState, number> = {
  finished: 1,
  failed: 2,
  in_progress: 3,
  queued: 4,
  cancelled: 2,
};
export const TRANSFER_LABEL: Record<TransferState, string> = {
  queued: 'In Queue',
  in_progress: 'In Progress',
  finished: 'Finished',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export const transfer = z.object({
  transfer_db_id: z.string(),
  project_db_id: z.string(),
  integration_db_id: z.string().nullable(),
  service: z.string(),
  title: z.string(),
  transfer_type: z.enum(TRANSFER_TYPES),
  status: z.enum(TRANSFER_STATES),
  status_code: z.number(),
  share_from_ps: z.boolean(),
  reason: z.string().nullable(),
  attempts: z.number(),
  total_items: z.number(),
  done_items: z.number(),
  total_bytes: z.number(),
  done_bytes: z.number(),
  destination: z.string().nullable(),
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Transfer = z.infer<typeof transfer>;

export const transfersQuery = z.object({
  team_db_id: uuid().optional(),
  project_db_id: uuid(),
  service: z.string().max(20).optional(),
  entries_per_page: z.coerce.number().int().min(1).max(TRANSFERS_PAGE_SIZE).default(TRANSFERS_PAGE_SIZE),
  page_no: z.coerce.number().int().min(1).default(1),
});
export const transferPage = z.object({ transfers: z.array(transfer), total_entries: z.number() });
export const transferIdBody = z.object({ transfer_db_id: uuid() });
export const startedTransfer = z.object({ message: z.string(), transfer: transfer });

// ---- Sprinklr (spec 002 §3, §4, §5, §7) ----

export const SPRINKLR_API = {
  /** GET the team's Sprinklr integrations; POST create; DELETE (integration_db_id) */
  root: '/api/integrations/sprinklr',
  detail: '/api/integrations/sprinklr/detail',
  /** GET options (integration_type sprinklr_integration; environment, business_units true) */
  options: '/api/integrations/options',
  /** GET validate a campaign (environment, campaign_id) */
  validate: '/api/integrations/sprinklr/validate',
  /** GET integrations for sharing (team_db_id, project_db_id); POST share (integration_db_id, ingest_db_ids[]) */
  share: '/api/integrations/share',
} as const;

const option = z.object({ value: z.string(), label: z.string() });

export const sprinklrIntegration = z.object({
  integration_db_id: z.string(),
  environment: z.string(),
  /** the business unit's id in Sprinklr (spec 002 §3) */
  business_unit: z.string(),
  /** its name, resolved when the integration was created: what people read */
  business_unit_name: z.string(),
  campaign_id: z.string(),
  campaign_name: z.string(),
  agency_for_media_assets: z.string().nullable(),
  /** the agency's name, resolved like the business unit's */
  agency_for_media_assets_name: z.string().nullable(),
  status: z.string(),
  integration_type: z.literal('sprinklr_integration'),
  created_at: z.string(),
});
export type SprinklrIntegration = z.infer<typeof sprinklrIntegration>;

export const sprinklrOptionsQuery = z.object({
  team_db_id: uuid(),
  integration_type: z.literal('sprinklr_integration').default('sprinklr_integration'),
  environment: z.string().max(20).optional(),
  business_units: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .transform((v) => v === true || v === 'true')
    .optional(),
});
export const sprinklrOptions = z.object({
  environments: z.array(option),
  business_units: z.array(option),
  agency_for_media_assets: z.array(option),
  campaign: z.object({ id: z.string(), name: z.string() }).nullable(),
});

export const sprinklrValidateQuery = z.object({
  team_db_id: uuid(),
  environment: z.string().min(1, { error: MSG.required }).max(20),
  campaign_id: z.string().min(1, { error: MSG.required }).max(100),
});
export const sprinklrCampaign = z.object({
  deleted: z.boolean(),
  archived: z.boolean(),
  status: z.string(),
  name: z.string(),
  /** set when the campaign cannot be used (deleted, archived, DRAFT): the Error toast's text */
  message: z.string().nullable(),
});

export const sprinklrCreateBody = z.object({
  team_db_id: uuid(),
  team_id: z.string().optional(),
  environment: z.string().min(1, { error: MSG.required }).max(20),
  business_unit: z.string().min(1, { error: MSG.required }).max(100),
  campaign_id: z.string().min(1, { error: MSG.required }).max(100),
  agency_for_media_assets: z.string().max(100).optional(),
});

export const shareTargetsQuery = z.object({ team_db_id: uuid(), project_db_id: uuid() });
export const shareTarget = z.object({
  integration_db_id: z.string(),
  business_unit: z.string(),
  business_unit_name: z.string(),
  agency_for_media_assets: z.string().nullable(),
  agency_for_media_assets_name: z.string().nullable(),
  campaign_name: z.string(),
});
export const shareToIntegrationBody = z.object({
  team_db_id: uuid(),
  project_db_id: uuid(),
  integration_db_id: uuid(),
  ingest_db_ids: z.array(uuid()).min(1, { error: MSG.required }).max(100),
});
export const shareToIntegrationAnswer = z.object({
  message: z.string(),
  /** already shared to this integration: nothing was shared; Proceed retries without them */
  files: z.array(z.object({ ingest_db_id: z.string(), filename: z.string() })),
  transfer: transfer.nullable(),
});
export const sharedStatusQuery = z.object({ project_db_id: uuid(), ingest_db_ids: z.string().max(4000) });
export const sharedStatus = z.object({
  assets: z.array(
    z.object({
      ingest_db_id: z.string(),
      sprinklr_shared_by: z.object({ user_id: z.string(), name: z.string() }).nullable(),
    }),
  ),
});

// the server's envelope check knows these texts as ours
addProductMessages(
  [...Object.values(INTEGRATION_TEXT), ...Object.values(SPRINKLR_TEXT as Record<string, unknown>)].filter(
    (v): v is string => typeof v === 'string',
  ),
);
