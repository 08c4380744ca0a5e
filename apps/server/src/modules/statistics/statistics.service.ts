import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type {
  ActivityCloudUsageRow,
  FileStorageRow,
  ProjectCloudUsageRow,
  ProjectStorageRow,
} from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { assets, cloudUsageRecords, projects } from '../../db/schema/index.ts';

/** A statistics date range: yyyy-mm-dd, both inclusive; absent ends are open. */
export interface Range {
  start_date?: string;
  end_date?: string;
}

const DAY_MS = 86_400_000;
const startOf = (d?: string) => (d ? new Date(`${d}T00:00:00Z`) : null);
const endOf = (d?: string) => (d ? new Date(new Date(`${d}T00:00:00Z`).getTime() + DAY_MS) : null);

function inRange(column: Parameters<typeof gte>[0], range: Range): SQL[] {
  const from = startOf(range.start_date);
  const to = endOf(range.end_date);
  return [...(from ? [gte(column, from)] : []), ...(to ? [lt(column, to)] : [])];
}

const hoursOf = sql<string>`coalesce(sum(extract(epoch from (coalesce(${cloudUsageRecords.endedAt}, now()) - ${cloudUsageRecords.startedAt}))), 0) / 3600`;
const pscOf = sql<string>`coalesce(sum(${cloudUsageRecords.psc}), 0)`;
const round2 = (v: string | number) => Math.round(Number(v) * 100) / 100;

/**
 * Project storage: bytes of the files of each project of the team (uploaded within the range when
 * one is given), largest first; projects without files in the range show 0.
 */
export async function projectStorage(db: DbOrTx, teamId: string, range: Range): Promise<ProjectStorageRow[]> {
  const fileJoin = and(
    eq(assets.projectId, projects.id),
    eq(assets.isFolder, false),
    ...inRange(assets.createdAt, range),
  );
  const rows = await db
    .select({
      id: projects.id,
      title: projects.title,
      bytes: sql<string>`coalesce(sum(${assets.sizeBytes}), 0)`,
      files: sql<number>`count(${assets.id})::int`,
    })
    .from(projects)
    .leftJoin(assets, fileJoin)
    .where(eq(projects.teamId, teamId))
    .groupBy(projects.id, projects.title)
    .orderBy(desc(sql`coalesce(sum(${assets.sizeBytes}), 0)`), asc(projects.title));
  return rows.map((r) => ({
    project_db_id: r.id,
    title: r.title,
    storage_used: Number(r.bytes),
    total_assets: r.files,
  }));
}

/** File storage by type (video, audio, image, other) across the team's projects. */
export async function fileStorage(db: DbOrTx, teamId: string, range: Range): Promise<FileStorageRow[]> {
  const rows = await db
    .select({
      type: assets.fileType,
      bytes: sql<string>`coalesce(sum(${assets.sizeBytes}), 0)`,
      files: sql<number>`count(*)::int`,
    })
    .from(assets)
    .innerJoin(projects, eq(projects.id, assets.projectId))
    .where(and(eq(projects.teamId, teamId), eq(assets.isFolder, false), ...inRange(assets.createdAt, range)))
    .groupBy(assets.fileType);
  const byType = new Map(rows.map((r) => [r.type, r]));
  return (['video', 'audio', 'image', 'other'] as const).map((t) => ({
    file_type: t,
    storage_used: Number(byType.get(t)?.bytes ?? 0),
    files: byType.get(t)?.files ?? 0,
  }));
}

/** Cloud usage per project (hours and PSC) from the usage records started within the range. */
export async function projectCloudUsage(
  db: DbOrTx,
  teamId: string,
  range: Range,
): Promise<ProjectCloudUsageRow[]> {
  const rows = await db
    .select({ id: cloudUsageRecords.projectId, title: projects.title, hours: hoursOf, psc: pscOf })
    .from(cloudUsageRecords)
    .leftJoin(projects, eq(projects.id, cloudUsageRecords.projectId))
    .where(and(eq(cloudUsageRecords.teamId, teamId), ...inRange(cloudUsageRecords.startedAt, range)))
    .groupBy(cloudUsageRecords.projectId, projects.title)
    .orderBy(desc(hoursOf));
  return rows.map((r) => ({
    project_db_id: r.id,
    title: r.title ?? 'Deleted project',
    hours: round2(r.hours),
    psc: round2(r.psc),
  }));
}

/** Cloud usage per day (UTC) of the range: hours, PSC and sessions; days without use show 0. */
export async function activityCloudUsage(
  db: DbOrTx,
  teamId: string,
  range: Range,
): Promise<ActivityCloudUsageRow[]> {
  const day = sql<string>`to_char(${cloudUsageRecords.startedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, hours: hoursOf, psc: pscOf, sessions: sql<number>`count(*)::int` })
    .from(cloudUsageRecords)
    .where(and(eq(cloudUsageRecords.teamId, teamId), ...inRange(cloudUsageRecords.startedAt, range)))
    .groupBy(day)
    .orderBy(day);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const first = startOf(range.start_date) ?? (rows[0] ? new Date(`${rows[0].day}T00:00:00Z`) : null);
  const lastEnd = endOf(range.end_date);
  const last = lastEnd
    ? new Date(lastEnd.getTime() - DAY_MS)
    : rows.length
      ? new Date(`${rows[rows.length - 1].day}T00:00:00Z`)
      : null;
  if (!first || !last) return [];
  const out: ActivityCloudUsageRow[] = [];
  // At most 366 days, so a chart stays readable and the answer small.
  const from = Math.max(first.getTime(), last.getTime() - 365 * DAY_MS);
  for (let t = from; t <= last.getTime(); t += DAY_MS) {
    const key = new Date(t).toISOString().slice(0, 10);
    const r = byDay.get(key);
    out.push({
      date: key,
      hours: round2(r?.hours ?? 0),
      psc: round2(r?.psc ?? 0),
      sessions: r?.sessions ?? 0,
    });
  }
  return out;
}
