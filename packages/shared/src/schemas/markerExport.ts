import { z } from 'zod';
import { addProductMessages } from '../rules/messages.ts';
import { MARKER_FORMATS, MARKER_TEXT } from '../rules/markerText.ts';
import { uuid } from './fields.ts';

addProductMessages([MARKER_TEXT.unknownFormat, MARKER_TEXT.oneTarget, MARKER_TEXT.exportFailed]);

/**
 * GET the comments of one asset (`ingest_db_id`) or of every asset of a project that has some
 * (`project_db_id`) as a file: markers for Premiere Pro (FCP7 XML), DaVinci Resolve (EDL, CSV),
 * Final Cut Pro (FCPXML), a spreadsheet or a PDF report.
 */
export const markerExportQuery = z
  .object({
    ingest_db_id: uuid().optional(),
    project_db_id: uuid().optional(),
    format: z.enum(MARKER_FORMATS, { error: MARKER_TEXT.unknownFormat }),
  })
  .superRefine((v, ctx) => {
    if (!v.ingest_db_id === !v.project_db_id)
      ctx.addIssue({ code: 'custom', path: ['ingest_db_id'], message: MARKER_TEXT.oneTarget });
  });
export type MarkerExportQuery = z.infer<typeof markerExportQuery>;
