import { and, asc, eq, gte, ilike, lte, sql, type SQL } from 'drizzle-orm';
import { assets } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { listedAssetColumns } from './assets.sql.ts';

export interface CatalogFilter {
  /** words of the name, additional name or keywords (any order, case-insensitive) */
  text?: string;
  fileType?: 'folder' | 'image' | 'audio' | 'video' | 'other';
  minDurationSeconds?: number;
  maxDurationSeconds?: number;
  limit: number;
}

export interface CatalogEntry {
  ingest_db_id: string;
  title: string;
  additional_name: string;
  file_type: string;
  is_folder: boolean;
  folder_path: string;
  duration_seconds: number | null;
  keywords: string[];
  size_bytes: number;
  created_on: string;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A project's assets as a flat catalogue (every folder level at once), for readers that ask about
 * the whole project — the AI assistant's asset tool. The caller must be able to view the project
 * (the same rule as the storyboard list), which the assistant checks before any tool runs
 * (ai.tools.ts); only what the metadata panel shows is returned.
 */
export function createAssetCatalog(ctx: AppContext) {
  const { db } = ctx;
  return {
    async entries(
      userId: string,
      projectId: string,
      f: CatalogFilter,
    ): Promise<{ total_entries: number; items: CatalogEntry[] }> {
      const where: (SQL | undefined)[] = [eq(assets.projectId, projectId)];
      for (const word of (f.text ?? '').split(/\s+/).filter(Boolean).slice(0, 8))
        where.push(ilike(assets.searchText, `%${escapeLike(word)}%`));
      if (f.fileType) where.push(eq(assets.fileType, f.fileType));
      if (f.minDurationSeconds !== undefined) where.push(gte(assets.durationSeconds, f.minDurationSeconds));
      if (f.maxDurationSeconds !== undefined) where.push(lte(assets.durationSeconds, f.maxDurationSeconds));
      const rows = await db
        .select({ a: listedAssetColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(assets)
        .where(and(...where))
        .orderBy(asc(assets.isFolder), asc(sql`lower(${assets.title})`), asc(assets.id))
        .limit(f.limit);
      return {
        total_entries: rows[0]?.total ?? 0,
        items: rows.map(({ a }) => ({
          ingest_db_id: a.id,
          title: a.title,
          additional_name: a.additionalFilename,
          file_type: a.fileType,
          is_folder: a.isFolder,
          folder_path: a.folderPath,
          duration_seconds: a.durationSeconds,
          keywords: a.keywords,
          size_bytes: Number(a.sizeBytes),
          created_on: a.createdAt.toISOString(),
        })),
      };
    },
  };
}
