/**
 * Comments exported as markers for editing applications, a spreadsheet or a PDF report: the menu,
 * the file's column names and the report's words. Kept in their own file so pages that never export
 * do not load them.
 */
export const MARKER_FORMATS = ['premiere', 'resolve_edl', 'resolve_csv', 'fcpxml', 'csv', 'pdf'] as const;
export type MarkerFormat = (typeof MARKER_FORMATS)[number];

export const MARKER_TEXT = {
  menu: 'Export comments',
  menuProject: 'Export all comments',
  formats: {
    premiere: 'Premiere Pro markers (XML)',
    resolve_edl: 'DaVinci Resolve markers (EDL)',
    resolve_csv: 'DaVinci Resolve markers (CSV)',
    fcpxml: 'Final Cut Pro markers (FCPXML)',
    csv: 'Spreadsheet (CSV)',
    pdf: 'PDF report with frames',
  } satisfies Record<MarkerFormat, string>,
  /** the file name's stem when the whole project is exported */
  projectFile: 'comments',
  unknownFormat: 'Choose one of the export formats',
  oneTarget: 'Choose an asset or a project to export',
  exportFailed: 'The comments could not be exported. Try again.',
  csvColumns: {
    index: '#',
    asset: 'Asset',
    timecodeIn: 'Timecode in',
    timecodeOut: 'Timecode out',
    frame: 'Frame',
    author: 'Author',
    text: 'Comment',
    resolved: 'Resolved',
    page: 'Page',
  },
  yes: 'Yes',
  no: 'No',
  guest: 'Guest',
  reportTitle: (title: string) => `Comments on ${title}`,
  reportExported: (when: string, count: number) =>
    `Exported ${when} · ${count} ${count === 1 ? 'comment' : 'comments'}`,
  reportResolved: 'Resolved',
  reportPage: (page: number) => `Page ${page}`,
  reportNoComments: 'No comments yet.',
  reportAssetHeading: (title: string, count: number) => `${title} (${count})`,
} as const;
