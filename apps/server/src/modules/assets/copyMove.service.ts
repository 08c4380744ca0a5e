import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { MSG, type CopyMoveBody } from '@rushes/shared';
import type { Tx } from '../../db/client.ts';
import { rowsOf, uuidArray } from '../../db/rows.ts';
import { assets } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, forbidden, notFound } from '../../platform/http/errors.ts';
import {
  authorizeProject,
  canDeleteAssets,
  canWriteAssets,
  adjustProjectTotals,
  lockProject,
  type ProjectAccess,
} from '../projects/index.ts';
import { ancestorsOf, childPath, folderIn, newIngestCode, subtreeOf, type AssetRow } from './assets.sql.ts';
import { runAssetsMoved } from './deleteHooks.ts';

/** At most this many assets (folder contents included) per copy or move (docs/decisions/0006-projects-and-assets.md). */
export const COPY_MOVE_LIMIT = 10_000;
const INSERT_CHUNK = 500;

/** Selected ids that sit inside another selected folder: they travel with it. */
async function nestedIds(tx: Tx, ids: string[]): Promise<Set<string>> {
  const rows = await rowsOf<{ start: string }>(
    tx,
    sql`with recursive anc as (
      select id as start, parent_id as cur from ${assets} where id = any(${uuidArray(ids)})
      union all
      select anc.start, a.parent_id from anc join ${assets} a on a.id = anc.cur where anc.cur is not null
    ) select distinct start from anc where cur = any(${uuidArray(ids)})`,
  );
  return new Set(rows.map((r) => r.start));
}

/** The subtree rows, parents before children, with each row's new folder_path. */
function withPaths(rows: AssetRow[], rootIds: Set<string>, rootPath: string) {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const paths = new Map<string, string>();
  const pathOf = (r: AssetRow): string => {
    const known = paths.get(r.id);
    if (known !== undefined) return known;
    const parent = rootIds.has(r.id) || !r.parentId ? undefined : byId.get(r.parentId);
    const p = parent ? childPath({ folderPath: pathOf(parent), title: parent.title }) : rootPath;
    paths.set(r.id, p);
    return p;
  };
  return rows.map((r) => ({ row: r, path: pathOf(r) }));
}

export function createCopyMoveService(ctx: AppContext) {
  const { db, events } = ctx;

  return {
    /**
     * Copy or move (spec 000 §5, §7). Copy needs can_copy_move_assets in the source; a move across
     * projects also can_delete_assets there; the destination needs can_upload_assets. Copies
     * duplicate metadata and folder trees (approval status starts over) and share stored objects.
     */
    async run(src: ProjectAccess, body: CopyMoveBody) {
      const { userId } = src;
      const srcId = body.source_project_db_id;
      const dstId = body.destination_project_db_id;
      const cross = srcId !== dstId;
      const move = body.action === 'move';
      // The source's rule (projects.canCopyMoveAssets) is the route's policy; the destination's is here.
      if (move && cross && !canDeleteAssets(src)) throw forbidden();
      if (cross) await authorizeProject(db, userId, dstId, canWriteAssets);
      else if (!canWriteAssets(src)) throw forbidden();
      const ids = [...new Set(body.ingest_db_ids)];
      const destFolderId = body.destination_folder_db_id ?? null;

      await events.transaction(db, async (tx, emit) => {
        for (const id of [srcId, dstId].sort()) await lockProject(tx, id);
        const found = await tx
          .select({ id: assets.id, parentId: assets.parentId, projectId: assets.projectId })
          .from(assets)
          .where(inArray(assets.id, ids))
          .for(move ? 'update' : 'share');
        if (found.length !== ids.length || found.some((r) => r.projectId !== srcId)) {
          throw notFound(MSG.assetNotFound);
        }
        const dest = destFolderId ? await folderIn(tx, dstId, destFolderId) : null;
        const nested = await nestedIds(tx, ids);
        const roots = ids.filter((id) => !nested.has(id));
        const rootSet = new Set(roots);
        if (move && dest) {
          const chain = [...(await ancestorsOf(tx, dest.id)).map((a) => a.ingest_db_id), dest.id];
          if (chain.some((id) => rootSet.has(id))) throw badRequest(MSG.moveIntoItself);
        }
        const tree = await subtreeOf(tx, roots);
        if (tree.length > COPY_MOVE_LIMIT) throw badRequest(MSG.tooManyAssets);
        const rows = await tx
          .select()
          .from(assets)
          .where(
            inArray(
              assets.id,
              tree.map((r) => r.id),
            ),
          )
          .for(move ? 'update' : 'share');
        const order = new Map(tree.map((r, i) => [r.id, i]));
        rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
        const bytes = rows.reduce((n, r) => n + (r.isFolder ? 0 : Number(r.sizeBytes)), 0);
        const placed = withPaths(rows, rootSet, childPath(dest));

        if (move) {
          await tx.execute(sql`update ${assets} a set folder_path = v.path, project_id = ${dstId},
              parent_id = case when v.is_root then ${destFolderId}::uuid else a.parent_id end, updated_at = now()
            from unnest(${uuidArray(placed.map((p) => p.row.id))}, ${sql.param(placed.map((p) => p.path))}::text[],
              ${sql.param(placed.map((p) => rootSet.has(p.row.id)))}::boolean[]) as v(id, path, is_root)
            where a.id = v.id`);
          if (cross) {
            await adjustProjectTotals(tx, srcId, -bytes, -rows.length);
            await adjustProjectTotals(tx, dstId, bytes, rows.length);
            await runAssetsMoved(
              ctx,
              tx,
              rows.map((r) => r.id),
              dstId,
            );
          }
          const from = [...new Set(found.filter((r) => rootSet.has(r.id)).map((r) => r.parentId))];
          if (cross) {
            emit('assets.changed', { projectId: srcId, folderIds: from, totals: true });
            emit('assets.changed', { projectId: dstId, folderIds: [destFolderId], totals: true });
          } else {
            emit('assets.changed', {
              projectId: srcId,
              folderIds: [...new Set([...from, destFolderId])],
              totals: false,
            });
          }
          return;
        }

        const newIds = new Map(rows.map((r) => [r.id, randomUUID()]));
        const now = new Date();
        const copies = placed.map(({ row, path }) => ({
          ...row,
          id: newIds.get(row.id)!,
          projectId: dstId,
          parentId: rootSet.has(row.id) ? destFolderId : newIds.get(row.parentId!)!,
          folderPath: path,
          ingestCode: newIngestCode(),
          approvalStatus: 0,
          // a copy of a newer version is a plain asset of its folder (stacks are not copied)
          inStack: false,
          createdAt: now,
          updatedAt: now,
          searchVector: undefined,
        }));
        for (let i = 0; i < copies.length; i += INSERT_CHUNK) {
          await tx.insert(assets).values(copies.slice(i, i + INSERT_CHUNK));
        }
        await adjustProjectTotals(tx, dstId, bytes, rows.length);
        emit('assets.changed', { projectId: dstId, folderIds: [destFolderId], totals: true });
      });
      return { message: move ? MSG.assetsMoved : MSG.assetsCopied };
    },
  };
}
