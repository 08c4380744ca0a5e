import { accessSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Finds ffmpeg and ffprobe, so a machine with only Node and npm still processes media:
 *   1. FFMPEG_PATH / FFPROBE_PATH when set (used as given, even if wrong: an explicit choice wins);
 *   2. the system's binary: /usr/bin, then every PATH directory (Debian's `ffmpeg` package);
 *   3. the binary shipped inside the optional npm packages `@ffmpeg-installer/ffmpeg` /
 *      `@ffprobe-installer/ffprobe` (a 2018 static ffmpeg 4.1 build; ffprobe 6.x).
 * With none of these the name is returned as it is, and media jobs fail with "could not start".
 */
export type MediaToolName = 'ffmpeg' | 'ffprobe';

export interface ResolvedTool {
  path: string;
  source: 'env' | 'system' | 'npm' | 'missing';
}

export interface ResolveOptions {
  env?: NodeJS.ProcessEnv;
  /** Directories searched before PATH (default /usr/bin). */
  systemDirs?: readonly string[];
  /** The path of the npm-shipped binary, or undefined when the package is absent. */
  npmBinary?: (name: MediaToolName) => string | undefined;
}

const ENV_NAME = { ffmpeg: 'FFMPEG_PATH', ffprobe: 'FFPROBE_PATH' } as const;
const NPM_PACKAGE = { ffmpeg: '@ffmpeg-installer/ffmpeg', ffprobe: '@ffprobe-installer/ffprobe' } as const;

export function isExecutable(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

const requireHere = createRequire(import.meta.url);

/** The binary inside the npm package; the packages throw on unsupported platforms or a missing binary. */
export function npmShippedBinary(name: MediaToolName): string | undefined {
  try {
    const found = (requireHere(NPM_PACKAGE[name]) as { path?: unknown }).path;
    return typeof found === 'string' && isExecutable(found) ? found : undefined;
  } catch {
    return undefined;
  }
}

export function resolveMediaTool(name: MediaToolName, opts: ResolveOptions = {}): ResolvedTool {
  const env = opts.env ?? process.env;
  const explicit = env[ENV_NAME[name]];
  if (explicit) return { path: explicit, source: 'env' };

  const pathDirs = (env.PATH ?? '').split(path.delimiter).filter((d) => path.isAbsolute(d));
  for (const dir of [...(opts.systemDirs ?? ['/usr/bin']), ...pathDirs]) {
    const candidate = path.join(dir, name);
    if (isExecutable(candidate)) return { path: candidate, source: 'system' };
  }

  const shipped = (opts.npmBinary ?? npmShippedBinary)(name);
  if (shipped) return { path: shipped, source: 'npm' };
  return { path: name, source: 'missing' };
}

/** One line for the start-up log: which binary runs, and why. */
export function describeTool(name: MediaToolName, tool: ResolvedTool): string {
  switch (tool.source) {
    case 'env':
      return `${name}: ${tool.path} (from ${ENV_NAME[name]})`;
    case 'system':
      return `${name}: ${tool.path} (system)`;
    case 'npm':
      return `${name}: ${tool.path} (npm package ${NPM_PACKAGE[name]})`;
    case 'missing':
      return `${name}: not found (install ffmpeg, or npm install without --omit=optional); media previews will fail`;
  }
}
