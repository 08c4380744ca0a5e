import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * Independent readers for the marker export tests: smpte-timecode (npm) turns timecodes back into
 * frames, and xmllint (Debian libxml2-utils) validates the XML files against Apple's published DTDs.
 */
const require = createRequire(import.meta.url);
const Timecode = require('smpte-timecode') as (
  tc: string | number,
  frameRate: number,
  dropFrame?: boolean,
) => { frameCount: number; toString(): string };

/** The frame a timecode names, read by smpte-timecode (not our own smpteTimecode). */
export const framesOf = (tc: string, rate: number) => Timecode(tc, rate, tc.includes(';')).frameCount;

/**
 * The DTDs the exports are validated against, read from disk (tests never use the network).
 * FCPXML 1.10 is Apple's DTD as kept by CommandPost (github.com/CommandPost/CommandPost,
 * src/extensions/cp/apple/fcpxml/dtd/FCPXMLv1_10.dtd at commit e0698cbd), the copy FCP Cafe points to
 * for `xmllint --dtdvalid`; it is kept under test/fixtures/dtd with Apple's notice, pinned by SHA-256.
 * xmeml v5 (FCP 7 XML, what Premiere imports) is published only as an HTML appendix of Apple's
 * "Final Cut Pro XML Interchange Format"; no copy of it is in a repository we could keep, so its check
 * runs only where MARKERS_DTD_DIR holds `xmeml-v5.dtd`, and the structure is read by fast-xml-parser.
 */
export const DTDS = {
  fcpxml: {
    file: fileURLToPath(new URL('../../../test/fixtures/dtd/FCPXMLv1_10.dtd', import.meta.url)),
    sha256: '32cbad28022f9a2033acdc25d0583b16d2e12745dc5efe4fa8f16e27aa59ff53',
    required: true,
  },
  xmeml: {
    file: path.join(process.env.MARKERS_DTD_DIR ?? path.join(os.tmpdir(), 'rushes-dtd'), 'xmeml-v5.dtd'),
    sha256: null,
    required: false,
  },
} as const;

/** A DTD's path on disk, or why there is none (and whether CI must have it). */
export async function publishedDtd(
  name: keyof typeof DTDS,
): Promise<string | { missing: string; required: boolean }> {
  const spec = DTDS[name];
  const text = await readFile(spec.file, 'utf8').catch(() => null);
  if (text === null) return { missing: `${spec.file} is not there`, required: spec.required };
  if (spec.sha256 && createHash('sha256').update(text).digest('hex') !== spec.sha256)
    return { missing: `${spec.file} is not the pinned DTD (SHA-256 differs)`, required: true };
  return spec.file;
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
