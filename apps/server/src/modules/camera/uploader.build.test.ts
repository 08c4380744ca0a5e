import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, inflateRawSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { requireUploaderBuild, UPLOADER_DIST, UPLOADER_MANIFEST, uploaderBuilt } from './uploader.testkit.ts';

/**
 * What `npm run build:uploader` made, checked as far as this Linux machine can: the Linux executable
 * runs for real; the Windows and macOS files are checked by their structure (headers, CPU, the
 * program inside, the official signature where the form keeps it). Outside CI, without a build, it
 * skips with a notice; on CI (which builds before the tests) a missing build fails.
 */
const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '../../../../..');
const [dist, manifestFile, built] = [UPLOADER_DIST, UPLOADER_MANIFEST, uploaderBuilt];
const version = (
  JSON.parse(readFileSync(path.join(repo, 'packages/uploader/package.json'), 'utf8')) as { version: string }
).version;

interface Listed {
  os: string;
  file: string;
  size: number;
  sha256: string;
  form: string;
  node: string;
}

if (!requireUploaderBuild) {
  console.warn(
    `[uploader build] no build in ${dist}: run npm run build:uploader to check the downloads (skipped)`,
  );
}

/** The bundled program announces itself in its --help text. */
const PROGRAM_MARK = 'Rushes uploader';

/** PE: 'MZ', 'PE\0\0' at e_lfanew, the machine, and the Authenticode directory (offset, size). */
function pe(buf: Buffer) {
  expect(buf.toString('latin1', 0, 2)).toBe('MZ');
  const at = buf.readUInt32LE(0x3c);
  expect(buf.toString('latin1', at, at + 4)).toBe('PE\0\0');
  const optional = at + 24;
  expect(buf.readUInt16LE(optional)).toBe(0x20b); // PE32+
  const security = optional + 112 + 4 * 8;
  return {
    machine: buf.readUInt16LE(at + 4),
    signature: [buf.readUInt32LE(security), buf.readUInt32LE(security + 4)],
  };
}

/** Mach-O 64-bit: magic 0xfeedfacf (bytes cf fa ed fe), its CPU type and load commands. */
function macho(buf: Buffer) {
  expect(buf.readUInt32LE(0)).toBe(0xfeedfacf);
  const commands: number[] = [];
  let at = 32;
  for (let i = 0; i < buf.readUInt32LE(16); i++) {
    commands.push(buf.readUInt32LE(at));
    at += buf.readUInt32LE(at + 4);
  }
  return { cpu: buf.readUInt32LE(4), commands };
}
const CPU_X86_64 = 0x01000007;
const CPU_ARM64 = 0x0100000c;
const LC_CODE_SIGNATURE = 0x1d;

/** The files of a .zip (its central directory), inflated. */
function unzip(buf: Buffer): Map<string, { data: Buffer; mode: number }> {
  const end = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const files = new Map<string, { data: Buffer; mode: number }>();
  let at = buf.readUInt32LE(end + 16);
  for (let i = 0; i < buf.readUInt16LE(end + 10); i++) {
    expect(buf.readUInt32LE(at)).toBe(0x02014b50);
    const [method, packed, nameLen, extraLen, commentLen] = [
      buf.readUInt16LE(at + 10),
      buf.readUInt32LE(at + 20),
      buf.readUInt16LE(at + 28),
      buf.readUInt16LE(at + 30),
      buf.readUInt16LE(at + 32),
    ];
    const name = buf.toString('utf8', at + 46, at + 46 + nameLen);
    const local = buf.readUInt32LE(at + 42);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const raw = buf.subarray(start, start + packed);
    files.set(name, {
      data: method === 8 ? inflateRawSync(raw) : raw,
      mode: buf.readUInt32LE(at + 38) >>> 16,
    });
    at += 46 + nameLen + extraLen + commentLen;
  }
  return files;
}

/** The files of a ustar .tar.gz with their modes. */
function untar(buf: Buffer): Map<string, { data: Buffer; mode: number }> {
  const tar = gunzipSync(buf);
  const files = new Map<string, { data: Buffer; mode: number }>();
  for (let at = 0; at + 512 <= tar.length && tar[at] !== 0;) {
    const name = tar.toString('utf8', at, at + 100).replace(/\0.*$/s, '');
    const mode = parseInt(tar.toString('latin1', at + 100, at + 108), 8);
    const size = parseInt(tar.toString('latin1', at + 124, at + 136), 8);
    if (tar.toString('latin1', at + 156, at + 157) === '0') {
      files.set(name, { data: tar.subarray(at + 512, at + 512 + size), mode });
    }
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

const tmp: string[] = [];
afterAll(() => tmp.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe.skipIf(!requireUploaderBuild)('the uploader downloads (npm run build:uploader)', () => {
  const manifest = () => {
    if (!built)
      throw new Error(`CI builds the uploader before the tests (npm run build:uploader): no ${manifestFile}`);
    return JSON.parse(readFileSync(manifestFile, 'utf8')) as {
      version: string;
      node: string;
      platforms: Listed[];
    };
  };
  const file = (os: string) => {
    const p = manifest().platforms.find((x) => x.os === os)!;
    return { listed: p, path: path.join(dist, p.file), buf: () => readFileSync(path.join(dist, p.file)) };
  };

  it('lists every platform on one Node version, each file with the size and SHA-256 it has', () => {
    const m = manifest();
    expect(m.version).toBe(version);
    expect(m.platforms.map((p) => [p.os, p.form])).toEqual([
      ['windows', 'sea'],
      ['windows_portable', 'zip'],
      ['macos_intel', 'tar.gz'],
      ['macos_silicon', 'tar.gz'],
      ['linux', 'sea'],
    ]);
    for (const p of m.platforms) {
      expect(p.node).toBe(m.node);
      expect(Number(p.node.split('.')[0])).toBeGreaterThanOrEqual(20);
      const bytes = readFileSync(path.join(dist, p.file));
      expect(bytes.length).toBe(p.size);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(p.sha256);
      // a whole Node.js inside, compressed or not, and not absurdly big
      expect(p.size).toBeGreaterThan(25e6);
      expect(p.size).toBeLessThan(250e6);
    }
  });

  it('Linux x64: an ELF executable that runs for real: --version, --help', async () => {
    const { path: exe, buf } = file('linux');
    const head = buf().subarray(0, 20);
    expect(head.toString('latin1', 0, 4)).toBe('\u007fELF');
    expect(head.readUInt16LE(18)).toBe(0x3e); // x86-64
    expect(statSync(exe).mode & 0o111).not.toBe(0);
    const { stdout } = await run(exe, ['--version'], {
      timeout: 30_000,
      env: { ...process.env, RUSHES_NO_BROWSER: '1' },
    });
    expect(stdout).toContain(version);
    const help = await run(exe, ['--help'], { timeout: 30_000 });
    expect(help.stdout).toContain(PROGRAM_MARK);
  });

  it('Linux x64: its local page (an HTML file bundled as text) is served by the executable', async () => {
    const config = mkdtempSync(path.join(os.tmpdir(), 'rushes-ui-'));
    tmp.push(config);
    const child = spawn(file('linux').path, ['ui', '--no-browser', '--port', '0'], {
      env: {
        ...process.env,
        RUSHES_NO_BROWSER: '1',
        RUSHES_CONFIG_DIR: config,
      },
    });
    try {
      let out = '';
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no page URL printed: ${out}`)), 30_000);
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const found = /http:\/\/127\.0\.0\.1:\d+\/\?t=\S+/.exec(out);
          if (found) {
            clearTimeout(timer);
            resolve(found[0]);
          }
        });
      });
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect((await page.text()).toLowerCase()).toContain('<!doctype html>');
    } finally {
      child.kill();
    }
  });

  it('Windows: a PE x64 executable carrying the program as its NODE_SEA_BLOB resource, unsigned (not a broken signature)', () => {
    const buf = file('windows').buf();
    const { machine, signature } = pe(buf);
    expect(machine).toBe(0x8664);
    expect(signature).toEqual([0, 0]);
    expect(buf.includes(Buffer.from('NODE_SEA_BLOB', 'utf16le'))).toBe(true);
    // the fuse node reads to know it carries a blob is set
    expect(buf.includes('NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2:1')).toBe(true);
    expect(buf.includes(PROGRAM_MARK)).toBe(true);
  });

  it('Windows Portable: a zip with the signed official node.exe, the program and a .cmd launcher', () => {
    const files = unzip(file('windows_portable').buf());
    expect([...files.keys()].sort()).toEqual(
      ['NODE-LICENSE.txt', 'README.txt', 'node.exe', 'rushes-upload.cjs', 'rushes-upload.cmd'].map(
        (n) => `rushes-upload/${n}`,
      ),
    );
    const node = pe(files.get('rushes-upload/node.exe')!.data);
    expect(node.machine).toBe(0x8664);
    expect(node.signature[1]).toBeGreaterThan(0); // Authenticode table kept
    expect(files.get('rushes-upload/rushes-upload.cjs')!.data.includes(PROGRAM_MARK)).toBe(true);
    const cmd = files.get('rushes-upload/rushes-upload.cmd')!.data.toString();
    expect(cmd).toContain('"%~dp0node.exe" "%~dp0rushes-upload.cjs" %*');
    expect(cmd).toContain('\r\n');
  });

  for (const [target, cpu] of [
    ['macos_intel', CPU_X86_64],
    ['macos_silicon', CPU_ARM64],
  ] as const) {
    it(`${target}: a tar.gz with the official node for ${cpu === CPU_ARM64 ? 'arm64' : 'x86_64'}, its signature intact, and launchers that run`, async () => {
      const files = untar(file(target).buf());
      const node = files.get('rushes-upload/node')!;
      const header = macho(node.data);
      expect(header.cpu).toBe(cpu);
      expect(header.commands).toContain(LC_CODE_SIGNATURE);
      expect(node.data.includes('Developer ID Application: Node.js Foundation')).toBe(true);
      for (const launcher of [
        'rushes-upload/rushes-upload',
        'rushes-upload/Rushes Uploader.command',
        'rushes-upload/node',
      ]) {
        expect(files.get(launcher)!.mode & 0o111).toBe(0o111);
      }
      const program = files.get('rushes-upload/rushes-upload.cjs')!.data;
      expect(program.includes(PROGRAM_MARK)).toBe(true);

      // the launcher and the bundled program run as a Mac would run them, with this machine's node
      const dir = mkdtempSync(path.join(os.tmpdir(), 'rushes-uploader-mac-'));
      tmp.push(dir);
      for (const name of ['rushes-upload', 'Rushes Uploader.command', 'rushes-upload.cjs']) {
        const entry = files.get(`rushes-upload/${name}`)!;
        writeFileSync(path.join(dir, name), entry.data, { mode: entry.mode });
      }
      symlinkSync(process.execPath, path.join(dir, 'node'));
      const { stdout } = await run(path.join(dir, 'Rushes Uploader.command'), ['--version'], {
        timeout: 30_000,
      });
      expect(stdout).toContain(version);
    });
  }
});
