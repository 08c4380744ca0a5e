import { createRequire } from 'node:module';
import { MARKER_TEXT, formatDate } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { inputOf, runTool, whitelistArgs } from '../../platform/media/tools.ts';
import { timecodeOf, type MarkerClip, type MarkerComment, type MarkerDoc } from './markers.model.ts';
import { lazyImport } from '../../platform/lazyImport.ts';

const pdfkit = lazyImport(() => import('pdfkit'));
const require = createRequire(import.meta.url);
/** Noto Sans (as the invoices): comments in any Latin, Greek or Cyrillic script print as typed. */
const FONT = require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf');
const FONT_BOLD = require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf');

/** Frames grabbed for one report at most (a longer report prints the rest without a picture). */
export const PDF_MAX_FRAMES = 300;
const GRAB_CONCURRENCY = 4;
const THUMB_W = 160;
const THUMB_H = 90;

/**
 * The picture beside a comment: the video frame it names, grabbed by ffmpeg from the proxy (else the
 * original) where it is stored, read in place; a document's page image; else the asset's thumbnail.
 * Null when there is none or the grab fails (the comment still prints).
 */
async function pictureOf(ctx: AppContext, clip: MarkerClip, c: MarkerComment): Promise<Buffer | null> {
  const a = clip.asset;
  try {
    if (a.fileType === 'video' && c.frame !== null) {
      const key = a.proxyKey ?? a.blobKey;
      if (!key) return null;
      const src = await ctx.blobs.mediaSource(key, { expiresInSeconds: 600 });
      const seconds = (c.frame + 0.5) / clip.frameRate;
      const jpeg = await runTool(
        ctx.config.FFMPEG_PATH,
        [
          '-v',
          'error',
          '-ss',
          seconds.toFixed(3),
          ...whitelistArgs(src),
          '-i',
          inputOf(src),
          '-frames:v',
          '1',
          '-vf',
          `scale=${THUMB_W * 2}:-2`,
          '-f',
          'image2pipe',
          '-c:v',
          'mjpeg',
          '-q:v',
          '5',
          'pipe:1',
        ],
        { timeoutMs: 30_000, maxStdout: 4 * 1024 * 1024 },
      );
      return jpeg.length ? jpeg : null;
    }
    const key = a.pagesKey && c.page ? `${a.pagesKey}/${c.page}.jpg` : a.thumbnailKey;
    if (!key) return null;
    const object = await ctx.blobs.getObject(key);
    const chunks: Buffer[] = [];
    for await (const chunk of object.body as AsyncIterable<Uint8Array>) chunks.push(Buffer.from(chunk));
    return Buffer.concat(chunks);
  } catch {
    return null;
  }
}

/** Every comment's picture, a few grabs at a time, up to PDF_MAX_FRAMES. */
async function pictures(ctx: AppContext, doc: MarkerDoc) {
  const jobs = doc.clips.flatMap((clip) => clip.comments.map((c) => ({ clip, c })));
  const out = new Map<MarkerComment, Buffer | null>();
  let next = 0;
  const worker = async () => {
    while (next < Math.min(jobs.length, PDF_MAX_FRAMES)) {
      const { clip, c } = jobs[next++];
      out.set(c, await pictureOf(ctx, clip, c));
    }
  };
  await Promise.all(Array.from({ length: GRAB_CONCURRENCY }, worker));
  return out;
}

/** Where a comment is: its timecode (– out for a range), or its page. */
function placeOf(clip: MarkerClip, c: MarkerComment) {
  if (c.frame !== null) {
    const tc = timecodeOf(c.frame, clip.frameRate);
    return c.frameOut !== null && c.frameOut > c.frame
      ? `${tc} – ${timecodeOf(c.frameOut, clip.frameRate)}`
      : tc;
  }
  return c.page !== null ? MARKER_TEXT.reportPage(c.page) : '';
}

/**
 * The PDF report: the title and export date, then per asset its comments in timeline order, each
 * with the frame it names (a JPEG grabbed at that frame), its number, timecode or page, author,
 * resolved state and text.
 */
export async function commentsPdf(ctx: AppContext, doc: MarkerDoc): Promise<Buffer> {
  const images = await pictures(ctx, doc);
  const { default: PDFDocument } = await pdfkit();
  const pdf = new PDFDocument({ size: 'A4', margin: 48, info: { Title: MARKER_TEXT.reportTitle(doc.name) } });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  pdf.registerFont('body', FONT);
  pdf.registerFont('bold', FONT_BOLD);
  const left = pdf.page.margins.left;
  const width = pdf.page.width - left - pdf.page.margins.right;
  const bottom = () => pdf.page.height - pdf.page.margins.bottom;
  const count = doc.clips.reduce((s, c) => s + c.comments.length, 0);

  pdf.font('bold').fontSize(18).text(MARKER_TEXT.reportTitle(doc.name), { width });
  pdf.font('body').fontSize(9).fillColor('#555555');
  pdf.text(MARKER_TEXT.reportExported(formatDate(doc.exportedAt.toISOString()), count), { width });
  pdf.fillColor('#000000').moveDown();
  if (count === 0) pdf.font('body').fontSize(11).text(MARKER_TEXT.reportNoComments, { width });

  const textX = left + THUMB_W + 12;
  const textW = width - THUMB_W - 12;
  for (const clip of doc.clips) {
    if (doc.clips.length > 1) {
      if (pdf.y + 40 > bottom()) pdf.addPage();
      pdf
        .font('bold')
        .fontSize(13)
        .text(MARKER_TEXT.reportAssetHeading(clip.title, clip.comments.length), left, pdf.y, { width });
      pdf.moveDown(0.5);
    }
    for (const c of clip.comments) {
      const head = [`#${c.n}`, placeOf(clip, c), c.author, c.resolved ? MARKER_TEXT.reportResolved : '']
        .filter(Boolean)
        .join('  ·  ');
      pdf.font('bold').fontSize(10);
      const headH = pdf.heightOfString(head, { width: textW });
      pdf.font('body').fontSize(10);
      const bodyH = pdf.heightOfString(c.text, { width: textW });
      const rowH = Math.max(THUMB_H, headH + 4 + bodyH) + 14;
      if (pdf.y + rowH > bottom()) pdf.addPage();
      const top = pdf.y;
      const image = images.get(c);
      if (image) {
        try {
          pdf.image(image, left, top, { fit: [THUMB_W, THUMB_H], align: 'center', valign: 'center' });
        } catch {
          // a picture pdfkit cannot read: the row prints without it
        }
      }
      pdf.font('bold').fontSize(10).text(head, textX, top, { width: textW });
      pdf
        .font('body')
        .fontSize(10)
        .text(c.text, textX, top + headH + 4, { width: textW });
      pdf.y = top + rowH;
      pdf.x = left;
    }
  }
  pdf.end();
  return done;
}
