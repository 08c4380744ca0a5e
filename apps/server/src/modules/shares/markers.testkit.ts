import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * Independent readers for the marker export tests: smpte-timecode (npm) turns timecodes back into
 * frames, and xmllint (Debian libxml2-utils) validates the XML files against Apple's published DTDs.
 * The DTDs are Apple's copyright, so they are not in this repository: each is downloaded once into
 * MARKERS_DTD_DIR (default: the temp folder) and pinned by its SHA-256 where the source is a file.
 */
const require = createRequire(import.meta.url);
const Timecode = require('smpte-timecode') as (
  tc: string | number,
  frameRate: number,
  dropFrame?: boolean,
) => { frameCount: number; toString(): string };

/** The frame a timecode names, read by smpte-timecode (not our own smpteTimecode). */
export const framesOf = (tc: string, rate: number) => Timecode(tc, rate, tc.includes(';')).frameCount;

export const DTDS = {
  /**
   * FCPXML 1.10, Apple's DTD as kept by CommandPost (MIT), the copy FCP Cafe points to for
   * `xmllint --dtdvalid`: github.com/CommandPost/CommandPost
   * src/extensions/cp/apple/fcpxml/dtd/FCPXMLv1_10.dtd at commit e0698cbd.
   */
  fcpxml: {
    file: 'FCPXMLv1_10.dtd',
    url: 'https://raw.githubusercontent.com/CommandPost/CommandPost/e0698cbd6ac0bc13cd8279e115ff05dec296f5a9/src/extensions/cp/apple/fcpxml/dtd/FCPXMLv1_10.dtd',
    sha256: '32cbad28022f9a2033acdc25d0583b16d2e12745dc5efe4fa8f16e27aa59ff53',
  },
  /**
   * xmeml v5 (Final Cut Pro 7 XML, what Premiere imports): Apple's "Final Cut Pro XML Interchange
   * Format", appendix "DTD for the Interchange Format", published as HTML; the v5 DTD is its <pre>
   * blocks from the "Copyright 2009 Apple Inc." block on. Not pinned (the page is HTML).
   */
  xmeml: {
    file: 'xmeml-v5.dtd',
    url: 'https://developer.apple.com/library/archive/documentation/AppleApplications/Reference/FinalCutPro_XML/DTD/DTD.html',
    sha256: null,
  },
} as const;

const unescapeHtml = (s: string) =>
  s
    .replace(/<[^>]*>/g, '')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');

function xmemlFromHtml(html: string) {
  const blocks = [...html.matchAll(/<pre[^>]*>([\s\S]*?)<\/pre>/g)].map((m) => unescapeHtml(m[1]));
  const start = blocks.findIndex((b) => b.includes('Copyright 2009 Apple Inc.'));
  const dtd = start < 0 ? '' : blocks.slice(start).join('\n');
  if (!dtd.includes('<!ELEMENT xmeml') || !dtd.includes('<!ELEMENT marker'))
    throw new Error('no xmeml v5 DTD');
  return dtd;
}

const dtdDir = () => process.env.MARKERS_DTD_DIR ?? path.join(os.tmpdir(), 'rushes-dtd');

/** A DTD's path on disk (downloaded and checked once), or why there is none. */
export async function publishedDtd(name: keyof typeof DTDS): Promise<string | { missing: string }> {
  const spec = DTDS[name];
  const file = path.join(dtdDir(), spec.file);
  const pinned = (text: string) =>
    !spec.sha256 || createHash('sha256').update(text).digest('hex') === spec.sha256;
  const cached = await readFile(file, 'utf8').catch(() => null);
  if (cached !== null && pinned(cached)) return file;
  try {
    const res = await fetch(spec.url, { signal: AbortSignal.timeout(15_000) });
    if (!res.ok) return { missing: `${spec.url} answered ${res.status}` };
    const body = await res.text();
    const text = name === 'xmeml' ? xmemlFromHtml(body) : body;
    if (!pinned(text)) return { missing: `${spec.url} is not the pinned DTD (SHA-256 differs)` };
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, text);
    return file;
  } catch (err) {
    await rm(file, { force: true });
    return { missing: `${spec.url}: ${(err as Error).message}` };
  }
}

const run = promisify(execFile);

/** xmllint's verdict on an XML text against a DTD file; null when xmllint is not installed. */
export async function xmllintValid(
  xml: string,
  dtd: string,
): Promise<{ ok: boolean; errors: string } | null> {
  const dir = path.join(os.tmpdir(), `rushes-markers-${process.pid}`);
  await mkdir(dir, { recursive: true });
  const doc = path.join(dir, `doc-${Date.now()}-${Math.random().toString(36).slice(2)}.xml`);
  await writeFile(doc, xml);
  try {
    await run('xmllint', ['--noout', '--nonet', '--dtdvalid', dtd, doc]);
    return { ok: true, errors: '' };
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT') return null;
    return { ok: false, errors: e.stderr ?? String(err) };
  } finally {
    await rm(doc, { force: true });
  }
}

/**
 * A check that needs a system tool or a download: on CI (`CI` set) its absence fails the test;
 * elsewhere the test says why it skipped the check and goes on.
 */
export function requiredOnCi(what: string, why: string) {
  if (process.env.CI) throw new Error(`${what} is required on CI: ${why}`);
  console.warn(`[markers] skipped ${what}: ${why}`);
}
