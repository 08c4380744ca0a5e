/**
 * PDF documents in review: how the media pipeline renders their pages to pictures, and the words of
 * the page navigator and of pins on pictures and pages (the members' player and the review page).
 */
export const PDF_PAGES = {
  /** pages rendered per document; a longer one shows its first pages only */
  limit: 200,
  /** the rendered page's width in pixels (about a 4K screen's half: sharp on a laptop, ~200 KB) */
  width: 1600,
  /** a very tall page (a receipt roll) is rendered narrower so no image is taller than this */
  maxHeight: 4800,
  jpegQuality: 80,
  /**
   * the page strip's picture of each page ('page_thumb'): twice the strip's 96 px for sharp screens,
   * a few KB instead of the page's ~200 KB; a tall page no taller than thumbMaxHeight
   */
  thumbWidth: 192,
  thumbMaxHeight: 576,
  /** the original's size above which its pages are not rendered (the renderer holds it in memory) */
  maxBytes: 512 * 1024 * 1024,
  /** a document whose pages take longer than this to render has none rendered */
  timeoutMs: 10 * 60_000,
} as const;

export const PDF_TEXT = {
  pages: 'Pages',
  pageOf: (page: number, total: number) => `Page ${page} of ${total}`,
  goToPage: (page: number) => `Go to page ${page}`,
  previousPage: 'Previous page (Page Up)',
  nextPage: 'Next page (Page Down)',
  pageImage: (title: string, page: number) => `${title}, page ${page}`,
  commentOnRegion: 'Comment on this region',
  pinCount: (n: number) => (n === 1 ? '1 comment' : `${n} comments`),
};
