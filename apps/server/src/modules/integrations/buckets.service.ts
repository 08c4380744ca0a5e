import { randomUUID } from 'node:crypto';
import {
  DeleteObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { and, asc, eq } from 'drizzle-orm';
import {
  INTEGRATION_TEXT,
  regionName,
  type BucketIntegration,
  type ConnectionTest,
  type FolderPage,
  bucketIntegrationForm,
  foldersQuery,
} from '@rushes/shared';
import type { z } from 'zod';
import { integrations } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { recordAudit } from '../audit/index.ts';
import { badRequest } from '../../platform/http/errors.ts';
import type { TeamAccess } from '../teams/index.ts';
import { bucketPolicies, externalIdOf, principalOf, roleTrustPolicy } from './awsPolicies.ts';
import type { IntegrationRow } from './integrations.rows.ts';
import { s3ClientFor, sealKeys } from './s3client.ts';

export type BucketServiceName = 's3' | 'contido';
type Form = z.output<typeof bucketIntegrationForm>;

const clean = (folder: string | null | undefined) => (folder ? folder.replace(/^\/+|\/+$/g, '') : '');
export const prefixOf = (folder: string | null | undefined) => (clean(folder) ? `${clean(folder)}/` : '');

/** The browser's view of an integration: never the sealed secret, only the key id's last 4. */
export function bucketView(row: IntegrationRow): BucketIntegration {
  const policies = bucketPolicies(row);
  return {
    s3_integration_db_id: row.id,
    integration_db_id: row.id,
    service: row.service as BucketServiceName,
    region: row.region,
    endpoint: row.endpoint,
    input_bucket: row.inputBucket,
    input_bucket_folder: row.inputFolder,
    output_bucket: row.outputBucket,
    output_bucket_folder: row.outputFolder,
    create_date_folders: row.createDateFolders,
    aws_config: { region: row.region, region_name: regionName(row.region) },
    input_folder_path: row.inputBucket ? `${row.inputBucket}/${prefixOf(row.inputFolder)}` : '',
    output_folder_path: row.outputBucket ? `${row.outputBucket}/${prefixOf(row.outputFolder)}` : '',
    ...policies,
    auth_mode: row.authMode as 'role' | 'keys',
    role_arn: row.roleArn,
    access_key_hint: row.accessKeyHint,
    status: row.status,
    status_detail: row.statusDetail,
    created_at: row.createdAt.toISOString(),
  };
}

const messageOf = (err: unknown) => {
  const e = err as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
  const status = e.$metadata?.httpStatusCode;
  const text = e.message && e.message !== 'UnknownError' ? e.message : (e.name ?? 'Error');
  return status ? `${text} (HTTP ${status})` : text;
};

/**
 * The S3 or Contido routes' work. Their policies ran before the handler (integrations.policy.ts): the
 * team's rule for the calls naming a team, and the integration (of this service) with its team's rule
 * for the calls naming one; what they loaded is passed in.
 */
export function createBucketsService(ctx: AppContext, service: BucketServiceName) {
  const { db } = ctx;

  async function list(teamId: string) {
    const rows = await db
      .select()
      .from(integrations)
      .where(and(eq(integrations.teamId, teamId), eq(integrations.service, service)))
      .orderBy(asc(integrations.createdAt));
    return rows.map(bucketView);
  }

  function detail(row: IntegrationRow) {
    return bucketView(row);
  }

  function setup(access: TeamAccess, teamId: string) {
    return {
      external_id: externalIdOf(ctx, teamId),
      region: access.team.awsRegion || 'us-east-1',
      region_name: regionName(access.team.awsRegion || 'us-east-1'),
      rushes_principal: principalOf(ctx),
      role_trust_policy: roleTrustPolicy(ctx, teamId),
    };
  }

  /**
   * Create (spec 002 §4): the region is the team's (read-only) for S3; a Contido endpoint brings
   * its own. Keys are sealed before they reach the database; the answer carries none.
   */
  async function create(access: TeamAccess, form: Form) {
    const { userId } = access;
    if (service === 'contido' && !form.endpoint) throw badRequest(INTEGRATION_TEXT.invalidEndpoint);
    const region = service === 'contido' ? form.region || 'us-east-1' : access.team.awsRegion || 'us-east-1';
    const keys =
      form.auth_mode === 'keys' || service === 'contido'
        ? { accessKeyId: form.access_key_id ?? '', secretAccessKey: form.secret_access_key ?? '' }
        : null;
    const row = await db.transaction(async (tx) => {
      const [made] = await tx
        .insert(integrations)
        .values({
          teamId: form.team_db_id,
          service,
          region,
          endpoint: service === 'contido' ? form.endpoint! : null,
          inputBucket: form.input ? form.input_bucket! : null,
          inputFolder: form.input ? clean(form.input_bucket_folder) || null : null,
          outputBucket: form.output ? form.output_bucket! : null,
          outputFolder: form.output ? clean(form.output_bucket_folder) || null : null,
          createDateFolders: form.create_date_folders,
          authMode: keys ? 'keys' : 'role',
          roleArn: keys ? null : (form.role_arn ?? null),
          accessKeyHint: keys ? keys.accessKeyId.slice(-4) : null,
          sealedSecret: keys ? sealKeys(ctx, keys) : null,
          createdBy: userId,
        })
        .returning();
      await recordAudit(tx, {
        teamId: made.teamId,
        action: 'integrations.created',
        target: { type: 'integration', id: made.id, label: service },
        detail: { service, input_bucket: made.inputBucket, output_bucket: made.outputBucket },
      });
      return made;
    });
    return { message: INTEGRATION_TEXT.integrationCreated, integration: bucketView(row) };
  }

  async function remove(row: IntegrationRow) {
    await db.transaction(async (tx) => {
      await tx.delete(integrations).where(eq(integrations.id, row.id));
      await recordAudit(tx, {
        teamId: row.teamId,
        action: 'integrations.deleted',
        target: { type: 'integration', id: row.id, label: row.service },
      });
    });
    return { message: INTEGRATION_TEXT.integrationDeleted };
  }

  /**
   * Test connection: HeadBucket on each bucket, ListObjectsV2 under the input folder, a probe
   * Put then Delete under the output folder. All pass: 'success'; else 'failed' with the first reason.
   */
  async function test(row: IntegrationRow): Promise<ConnectionTest> {
    const s3 = s3ClientFor(ctx, row);
    const checks: ConnectionTest['checks'] = [];
    const run = async (
      name: ConnectionTest['checks'][number]['name'],
      bucket: string,
      fn: () => Promise<unknown>,
    ) => {
      try {
        await fn();
        checks.push({ name, bucket, ok: true, message: 'OK' });
        return true;
      } catch (err) {
        checks.push({ name, bucket, ok: false, message: messageOf(err) });
        return false;
      }
    };
    if (row.inputBucket) {
      const b = row.inputBucket;
      if (await run('HeadBucket', b, () => s3.send(new HeadBucketCommand({ Bucket: b }))))
        await run('ListObjectsV2', b, () =>
          // one level (Delimiter), no MaxKeys: s3rver answers 500 to any truncated listing
          s3.send(new ListObjectsV2Command({ Bucket: b, Prefix: prefixOf(row.inputFolder), Delimiter: '/' })),
        );
    }
    if (row.outputBucket) {
      const b = row.outputBucket;
      const probe = `${prefixOf(row.outputFolder)}.rushes-probe-${randomUUID()}`;
      if (
        (row.outputBucket === row.inputBucket ||
          (await run('HeadBucket', b, () => s3.send(new HeadBucketCommand({ Bucket: b }))))) &&
        (await run('PutObject', b, () =>
          s3.send(
            new PutObjectCommand({
              Bucket: b,
              Key: probe,
              Body: 'rushes connection test',
              ContentType: 'text/plain',
            }),
          ),
        ))
      )
        await run('DeleteObject', b, () => s3.send(new DeleteObjectCommand({ Bucket: b, Key: probe })));
    }
    const failed = checks.find((c) => !c.ok);
    const status = failed ? 'failed' : 'success';
    const [updated] = await db
      .update(integrations)
      .set({ status, statusDetail: failed ? `${failed.name} ${failed.bucket}: ${failed.message}` : null })
      .where(eq(integrations.id, row.id))
      .returning();
    return { status, checks, integration: bucketView(updated) };
  }

  /**
   * The team's buckets (spec 002 §7: 100 per page, page_no from 1): each integration's input and
   * output bucket, in the integrations' order, with the total for the pages after this one.
   */
  async function buckets(q: { team_db_id: string; entries_per_page: number; page_no: number }) {
    const rows = await list(q.team_db_id);
    const all = rows.flatMap((r) => {
      const entry = (bucket: string | null, folder: string | null, side: 'input' | 'output') =>
        bucket
          ? [
              {
                integration_db_id: r.integration_db_id,
                bucket,
                folder: folder ?? '',
                side,
                create_date_folders: r.create_date_folders,
              },
            ]
          : [];
      return [
        ...entry(r.input_bucket, r.input_bucket_folder, 'input'),
        ...entry(r.output_bucket, r.output_bucket_folder, 'output'),
      ];
    });
    const start = (q.page_no - 1) * q.entries_per_page;
    return { buckets: all.slice(start, start + q.entries_per_page), total_entries: all.length };
  }

  /**
   * Folders and files of one of the integration's buckets (spec 002 §7: 500 per page), under the
   * integration's folder for that bucket: a caller never lists outside what the customer granted.
   */
  async function folders(row: IntegrationRow, q: z.output<typeof foldersQuery>): Promise<FolderPage> {
    const base =
      q.bucket === row.inputBucket
        ? row.inputFolder
        : q.bucket === row.outputBucket
          ? row.outputFolder
          : undefined;
    if (base === undefined) throw badRequest(INTEGRATION_TEXT.noSuchBucket);
    const rel = clean(q.folder_path);
    const prefix = prefixOf(base) + (rel ? `${rel}/` : '');
    const s3 = s3ClientFor(ctx, row);
    {
      const out = await s3.send(
        new ListObjectsV2Command({
          Bucket: q.bucket,
          Prefix: prefix,
          Delimiter: '/',
          MaxKeys: q.entries_per_page,
          ...(q.page_token ? { ContinuationToken: q.page_token } : {}),
        }),
      );
      const folders = (out.CommonPrefixes ?? [])
        .map((p) => p.Prefix ?? '')
        .filter(Boolean)
        .map((p) => ({
          label: p.slice(prefix.length).replace(/\/$/, ''),
          value: p.slice(prefixOf(base).length).replace(/\/$/, ''),
        }));
      const files = (out.Contents ?? [])
        .filter(
          (o) => o.Key && !o.Key.endsWith('/') && !o.Key.slice(prefix.length).startsWith('.rushes-probe-'),
        )
        .map((o) => ({ key: o.Key!, name: o.Key!.slice(prefix.length), size: o.Size ?? 0 }));
      return {
        folders,
        files,
        next_page_token: out.IsTruncated ? (out.NextContinuationToken ?? null) : null,
      };
    }
  }

  return { list, detail, setup, create, remove, test, buckets, folders };
}
