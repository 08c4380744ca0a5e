// Node single executable applications (SEA) made for another OS than the build machine's: the blob is
// made by a node of the target's exact version (the blob's format is the same on every OS when the
// code cache and the snapshot are off), then postject injects it into a copy of the target's binary.
import { execFile } from 'node:child_process';
import {
  copyFileSync,
  openSync,
  readSync,
  closeSync,
  ftruncateSync,
  writeSync,
  writeFileSync,
  fstatSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
/** The fuse string node looks for to know it carries a blob (Node's SEA documentation). */
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

/** Makes the SEA preparation blob of `main` with `node` (the target's version, any OS that runs here). */
export async function seaBlob(node, main, workDir) {
  const config = path.join(workDir, 'sea-config.json');
  const blob = path.join(workDir, 'sea-prep.blob');
  writeFileSync(
    config,
    JSON.stringify({
      main,
      output: blob,
      disableExperimentalSEAWarning: true,
      // both are specific to the OS and CPU that made them: off, so one blob serves every target
      useCodeCache: false,
      useSnapshot: false,
    }),
  );
  await run(node, ['--experimental-sea-config', config], { cwd: workDir });
  return blob;
}

/**
 * Drops the Authenticode signature of a PE file (the certificate table at its end and the directory
 * entry pointing at it). Injecting a resource invalidates the signature anyway, and postject leaves
 * the entry pointing into the moved resources: Windows would report a corrupt signature instead of an
 * unsigned program (what `signtool remove /s` does, which Node's SEA guide asks for).
 */
export function stripAuthenticode(file) {
  const fd = openSync(file, 'r+');
  try {
    const head = Buffer.alloc(4096);
    readSync(fd, head, 0, head.length, 0);
    const pe = head.readUInt32LE(0x3c);
    if (head.toString('latin1', 0, 2) !== 'MZ' || head.toString('latin1', pe, pe + 4) !== 'PE\0\0') {
      throw new Error(`${file} is not a PE file`);
    }
    const optional = pe + 24;
    const pe32plus = head.readUInt16LE(optional) === 0x20b;
    const security = optional + (pe32plus ? 112 : 96) + 4 * 8;
    const offset = head.readUInt32LE(security);
    const size = head.readUInt32LE(security + 4);
    if (!size) return;
    const fileSize = fstatSync(fd).size;
    if (offset + size < fileSize - 8 || offset + size > fileSize) {
      throw new Error(`${file}: the certificate table is not at the end of the file`);
    }
    const cleared = Buffer.alloc(8);
    writeSync(fd, cleared, 0, 8, security);
    writeSync(fd, Buffer.alloc(4), 0, 4, optional + 64); // the checksum covered the table; 0 = not set
    ftruncateSync(fd, offset);
  } finally {
    closeSync(fd);
  }
}

/**
 * Copies the target's `node` to `out` and injects the blob; a PE file loses its (then broken)
 * signature first. (Not used for macOS: see build.mjs.)
 */
export async function injectSea(node, blob, out, format) {
  copyFileSync(node, out);
  if (format === 'pe') stripAuthenticode(out);
  const cli = path.join(path.dirname(require.resolve('postject')), 'cli.js');
  const args = [cli, out, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', SEA_FUSE];
  // postject's LIEF warns about ELF note names it does not know; only a failure matters here
  await run(process.execPath, args, { maxBuffer: 16 << 20 });
}
