import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { assets } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { enqueueJob, type JobData, type JobHandler } from '../../platform/jobs/queue.ts';
import { onProjectDeleting } from '../projects/index.ts';
import { rowsOf, uuidArray } from '../../db/rows.ts';

declare module '../../platform/jobs/queue.ts' {
  interface JobDefinitions {
    /** Removes stored objects of deleted assets, unless another asset (a copy) still points at them. */
    'assets.delete_blobs': { keys: string[] };
  }
}

/** Keys per job, so a deleted project with many files becomes several small jobs. */
const KEYS_PER_JOB = 500;

/** Every stored object key (file, thumbnail, proxy) of a project's assets. */
export async function blobKeysOfProject(db: DbOrTx, projectId: string): Promise<string[]> {
  const rows = await rowsOf<{ key: string }>(
    db,
    sql`
    select distinct k as key from (
      select ${assets.blobKey} as k from ${assets} where ${assets.projectId} = ${projectId}
      union all
      select ${assets.thumbnailKey} from ${assets} where ${assets.projectId} = ${projectId}
      union all
      select ${assets.proxyKey} from ${assets} where ${assets.projectId} = ${projectId}
      union all
      select ${assets.spriteKey} from ${assets} where ${assets.projectId} = ${projectId}
    ) keys where k is not null`,
  );
  return rows.map((r) => r.key);
}

/** Enqueues blob deletion inside the caller's transaction: it runs only if the deletion commits. */
export async function enqueueBlobDeletion(tx: DbOrTx, keys: string[]) {
  const unique = [...new Set(keys)];
  for (let i = 0; i < unique.length; i += KEYS_PER_JOB) {
    await enqueueJob(tx, 'assets.delete_blobs', { keys: unique.slice(i, i + KEYS_PER_JOB) });
  }
}

/**
 * A deleted project's files (and those of a deleted team's projects) are removed by job: their keys
 * are read in the deleting transaction, while the asset rows still exist (they go by cascade).
 */
export function queueBlobsOfDeletedProjects(ctx: AppContext) {
  onProjectDeleting(ctx, async (tx, projectId) =>
    enqueueBlobDeletion(tx, await blobKeysOfProject(tx, projectId)),
  );
}

/**
 * Copies share their source's stored objects (docs/decisions/0006-projects-and-assets.md), so a key is deleted only when no
 * asset row refers to it any more. A copy locks its sources FOR SHARE, so it commits before a
 * concurrent delete of them, and this check (after that delete) sees the copy.
 */
export function deleteBlobsJob(ctx: AppContext): JobHandler<JobData<'assets.delete_blobs'>> {
  return async ({ keys }) => {
    if (keys.length === 0) return;
    const used = await rowsOf<{ key: string }>(
      ctx.db,
      sql`
      select k as key from unnest(${sql.param(keys)}::text[]) k
      where exists (select 1 from ${assets} a where a.blob_key = k)
         or exists (select 1 from ${assets} a where a.thumbnail_key = k)
         or exists (select 1 from ${assets} a where a.proxy_key = k)
         or exists (select 1 from ${assets} a where a.sprite_key = k)`,
    );
    const keep = new Set(used.map((r) => r.key));
    for (const key of keys) {
      if (!keep.has(key)) await ctx.blobs.deleteObject(key);
    }
  };
}

/** The sprite sheets of assets about to be deleted (the media module removes them with the assets). */
export async function spriteKeysOf(tx: DbOrTx, assetIds: string[]): Promise<string[]> {
  if (assetIds.length === 0) return [];
  const rows = await rowsOf<{ key: string }>(
    tx,
    sql`select distinct ${assets.spriteKey} as key from ${assets}
        where ${assets.id} = any(${sql.param(assetIds)}::uuid[]) and ${assets.spriteKey} is not null`,
  );
  return rows.map((r) => r.key);
}

/**
 * The rendered page sets of documents about to go (these assets, or a whole project's) that no
 * other asset shows: copies share their source's pages.
 */
export async function unsharedPageSets(
  tx: DbOrTx,
  of: { assetIds: string[] } | { projectId: string },
): Promise<{ pages_key: string; page_count: number }[]> {
  const query =
    'assetIds' in of
      ? sql`select distinct a.pages_key, a.page_count from ${assets} a
          where a.id = any(${uuidArray(of.assetIds)}) and a.pages_key is not null and a.page_count > 0
            and not exists (select 1 from ${assets} b
              where b.pages_key = a.pages_key and b.id <> all(${uuidArray(of.assetIds)}))`
      : sql`select distinct a.pages_key, a.page_count from ${assets} a
          where a.project_id = ${of.projectId} and a.pages_key is not null and a.page_count > 0
            and not exists (select 1 from ${assets} b
              where b.pages_key = a.pages_key and b.project_id <> ${of.projectId})`;
  return rowsOf<{ pages_key: string; page_count: number }>(tx, query);
}
