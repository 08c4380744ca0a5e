import { randomUUID } from 'node:crypto';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import {
  INTEGRATION_TEXT,
  MSG,
  normaliseFilename,
  unsupportedReason,
  exportBody,
  importBody,
  utcDateFolder,
} from '@rushes/shared';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, forbidden } from '../../platform/http/errors.ts';
import { findAsset, subtreeOf } from '../assets/index.ts';
import { authorizeProject, canDownloadOriginals, canWriteAssets } from '../projects/index.ts';
import { createTransfer, transferView, type NewTransfer } from '../transfers/index.ts';
import type { BucketServiceName } from './buckets.service.ts';
import { prefixOf } from './buckets.service.ts';
import type { IntegrationAccess } from './integrations.policy.ts';
import { s3ClientFor } from './s3client.ts';

/** dd-mm-yyyy of an instant in UTC (spec 002 §4: the export's date folder). */
export const dateFolderOf = utcDateFolder;

const basename = (key: string) => key.split('/').filter(Boolean).pop() ?? key;
const plural = (n: number) => (n === 1 ? '1 file' : `${n} files`);

export function createBucketTransfers(ctx: AppContext, service: BucketServiceName) {
  const { db, events } = ctx;

  async function projectOfTeam(
    userId: string,
    projectId: string,
    teamId: string,
    rule: Parameters<typeof authorizeProject>[3],
  ) {
    const access = await authorizeProject(db, userId, projectId, rule);
    if (access.project.teamId !== teamId) throw forbidden(INTEGRATION_TEXT.wrongTeam);
    return access;
  }

  /**
   * Import: chosen objects of the input bucket (under its folder) become assets of the project
   * through the normal media pipeline. Sizes are read now, the bytes by the job. The integration and
   * its team's rule are the route's policy (integrations.canUseIntegration); the project is checked here.
   */
  async function startImport(access: IntegrationAccess, body: z.output<typeof importBody>) {
    const { integration: row, userId } = access;
    await projectOfTeam(userId, body.project_db_id, row.teamId, canWriteAssets);
    if (body.bucket !== row.inputBucket) throw badRequest(INTEGRATION_TEXT.noSuchBucket);
    const base = prefixOf(row.inputFolder);
    const s3 = s3ClientFor(ctx, row);
    const items: NewTransfer['items'] = [];
    for (const key of [...new Set(body.keys)]) {
      if (!key.startsWith(base) || key.includes('..')) throw badRequest(INTEGRATION_TEXT.noSuchBucket);
      const name = normaliseFilename(basename(key));
      const reason = unsupportedReason(name, '/');
      if (reason === 'restricted_extension') throw badRequest(MSG.uploadRestricted);
      if (reason) throw badRequest(MSG.uploadNameInvalid);
      const head = await s3.send(new HeadObjectCommand({ Bucket: body.bucket, Key: key }));
      items.push({
        source: key,
        target: randomUUID(),
        title: name,
        folderPath: body.folder_path,
        sizeBytes: Number(head.ContentLength ?? 0),
        sourceEtag: head.ETag ?? null,
      });
    }
    const transfer = await events.transaction(db, (tx, emit) =>
      createTransfer(tx, emit, {
        teamId: row.teamId,
        projectId: body.project_db_id,
        integrationId: row.id,
        service,
        transferType: 'import',
        title: `Import of ${plural(items.length)} from ${body.bucket}`,
        userId,
        destination: body.folder_path,
        options: { bucket: body.bucket },
        items,
      }),
    );
    ctx.jobs.wake();
    return { message: INTEGRATION_TEXT.importStarted, transfer: transferView(transfer) };
  }

  /**
   * Export (spec 002 §4, §7): chosen files and folders (with their sub-folders) to the output
   * bucket, under its folder and the chosen destination folder, in a dd-mm-yyyy (UTC) folder when
   * the integration creates date folders.
   */
  async function startExport(access: IntegrationAccess, body: z.output<typeof exportBody>) {
    const { integration: row, userId } = access;
    await projectOfTeam(userId, body.project_db_id, row.teamId, canDownloadOriginals);
    if (!row.outputBucket || body.destination_bucket !== row.outputBucket)
      throw badRequest(INTEGRATION_TEXT.bucketRequired);
    const root =
      prefixOf(row.outputFolder) +
      prefixOf(body.destination_folder) +
      (row.createDateFolders ? `${dateFolderOf(new Date())}/` : '');
    const items: { source: string; target: string; title: string; sizeBytes: number }[] = [];
    const seen = new Set<string>();
    const add = (asset: NonNullable<Awaited<ReturnType<typeof findAsset>>>, rel: string) => {
      if (asset.isFolder || !asset.blobKey || seen.has(asset.id)) return;
      seen.add(asset.id);
      items.push({
        source: asset.id,
        target: `${root}${rel}${asset.title}`,
        title: asset.title,
        sizeBytes: Number(asset.sizeBytes),
      });
    };
    for (const id of body.folders) {
      const folder = await findAsset(db, id);
      if (!folder || !folder.isFolder || folder.projectId !== body.project_db_id)
        throw badRequest(MSG.notFound);
      const inside = `${folder.folderPath.replace(/\/$/, '')}/${folder.title}`;
      for (const r of await subtreeOf(db, [id])) {
        if (r.is_folder) continue;
        const a = await findAsset(db, r.id);
        if (!a) continue;
        const rel = a.folderPath.slice(inside.length).replace(/^\/+/, '');
        add(a, `${folder.title}/${rel ? `${rel}/` : ''}`);
      }
    }
    // Loose files after the folders: a file chosen on its own that is also inside a chosen folder
    // is written once, under its folder's path.
    for (const id of body.ingest_db_ids) {
      const asset = await findAsset(db, id);
      if (!asset || asset.projectId !== body.project_db_id) throw badRequest(MSG.notFound);
      add(asset, '');
    }
    if (items.length === 0) throw badRequest(MSG.required);
    const transfer = await events.transaction(db, (tx, emit) =>
      createTransfer(tx, emit, {
        teamId: row.teamId,
        projectId: body.project_db_id,
        integrationId: row.id,
        service,
        transferType: 'export',
        title: `Export of ${plural(items.length)} to ${row.outputBucket}`,
        userId,
        destination: `${row.outputBucket}/${root}`,
        options: { bucket: row.outputBucket },
        items,
      }),
    );
    ctx.jobs.wake();
    return { message: INTEGRATION_TEXT.exportStarted, transfer: transferView(transfer) };
  }

  return { startImport, startExport };
}
