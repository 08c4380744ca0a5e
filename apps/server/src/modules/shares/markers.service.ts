import { and, asc, inArray, isNull, sql } from 'drizzle-orm';
import { DEFAULT_FRAME_RATE, MARKER_TEXT, type MarkerFormat } from '@rushes/shared';
import { assetComments } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { findUserById } from '../users/index.ts';
import type { MarkerExportAccess } from './markers.policy.ts';
import { finalCutXml } from './markers.fcpxml.ts';
import { safeFileStem, timed, type MarkerClip, type MarkerDoc } from './markers.model.ts';
import { commentsPdf } from './markers.pdf.ts';
import { premiereXml } from './markers.premiere.ts';
import { resolveCsv, resolveEdl } from './markers.resolve.ts';
import { commentsCsv } from './markers.sheet.ts';

/** Each format's file: its extension (after ' - comments') and its type. */
const FILES: Record<MarkerFormat, { suffix: string; type: string }> = {
  premiere: { suffix: ' - Premiere markers.xml', type: 'application/xml; charset=utf-8' },
  resolve_edl: { suffix: ' - Resolve markers.edl', type: 'text/plain; charset=utf-8' },
  resolve_csv: { suffix: ' - Resolve markers.csv', type: 'text/csv; charset=utf-8' },
  fcpxml: { suffix: ' - Final Cut markers.fcpxml', type: 'application/xml; charset=utf-8' },
  csv: { suffix: ' - comments.csv', type: 'text/csv; charset=utf-8' },
  pdf: { suffix: ' - comments.pdf', type: 'application/pdf' },
};

export interface MarkerFile {
  filename: string;
  contentType: string;
  body: Buffer;
}

/**
 * Comments exported as a file (the caller's access to the project and its assets is checked by
 * markers.policy.ts): the top comments of each asset in timeline order (frame, then page, then
 * time), with their author, range and resolved state. Replies stay in Rushes.
 */
export function createMarkersService(ctx: AppContext) {
  const { db } = ctx;

  async function load(access: MarkerExportAccess, byProject: boolean): Promise<MarkerDoc> {
    const ids = access.assets.map((a) => a.id);
    const rows = ids.length
      ? await db
          .select()
          .from(assetComments)
          .where(and(inArray(assetComments.assetId, ids), isNull(assetComments.parentId)))
          .orderBy(
            sql`${assetComments.frame} asc nulls last`,
            sql`${assetComments.page} asc nulls last`,
            asc(assetComments.createdAt),
            asc(assetComments.id),
          )
      : [];
    // authors by the users module's door: a report names a handful of people
    const authorIds = [...new Set(rows.map((r) => r.authorUserId).filter((id): id is string => id !== null))];
    const names = new Map<string, string>();
    for (const id of authorIds) {
      const u = await findUserById(db, id);
      names.set(id, u ? `${u.firstName ?? ''} ${u.lastName ?? ''}`.trim() : '');
    }
    const clips: MarkerClip[] = access.assets.map((asset) => {
      const mine = rows.filter((r) => r.assetId === asset.id);
      const frameRate = asset.frameRate ?? mine.find((r) => r.frameRate)?.frameRate ?? DEFAULT_FRAME_RATE;
      const comments = mine.map((r, i) => ({
        n: i + 1,
        frame: r.frame,
        frameOut: r.frame !== null ? r.frameOut : null,
        text: r.text,
        author: r.authorUserId ? (names.get(r.authorUserId) ?? '') : r.guestName || MARKER_TEXT.guest,
        resolved: r.resolvedAt !== null,
        page: r.page,
        createdAt: r.createdAt,
      }));
      const clip = { asset, title: asset.title, frameRate, durationFrames: 1, comments };
      const lastFrame = Math.max(0, ...timed(clip).map((c) => Math.max(c.frame, c.frameOut ?? 0) + 1));
      const fromDuration = asset.durationSeconds ? Math.round(asset.durationSeconds * frameRate) : 0;
      return { ...clip, durationFrames: Math.max(1, fromDuration, lastFrame) };
    });
    const name = byProject ? access.project.title : (access.assets[0]?.title ?? MARKER_TEXT.projectFile);
    return { name, clips, exportedAt: new Date() };
  }

  return {
    async export(access: MarkerExportAccess, format: MarkerFormat, byProject: boolean): Promise<MarkerFile> {
      const doc = await load(access, byProject);
      const file = FILES[format];
      const text = (s: string) => Buffer.from(s, 'utf8');
      const body =
        format === 'premiere'
          ? text(premiereXml(doc))
          : format === 'resolve_edl'
            ? text(resolveEdl(doc))
            : format === 'resolve_csv'
              ? text(resolveCsv(doc))
              : format === 'fcpxml'
                ? text(finalCutXml(doc))
                : format === 'csv'
                  ? text(commentsCsv(doc))
                  : await commentsPdf(ctx, doc);
      return { filename: `${safeFileStem(doc.name)}${file.suffix}`, contentType: file.type, body };
    },
  };
}
