import { spawn } from 'node:child_process';

/**
 * Runs a media tool (ffprobe, ffmpeg) without a shell: arguments are an array, never a string, so
 * file names cannot inject anything. stdout is collected up to `maxStdout` bytes (ffprobe's JSON);
 * only stderr's tail is kept for the error message. A timeout kills the process.
 */
export class MediaToolError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
  ) {
    super(message);
    this.name = 'MediaToolError';
  }
}

export interface RunOptions {
  timeoutMs?: number;
  maxStdout?: number;
  /** Kills the process when aborted (a probe started before its result was known to be wanted). */
  signal?: AbortSignal;
}

export function runTool(bin: string, args: readonly string[], opts: RunOptions = {}): Promise<Buffer> {
  const { timeoutMs = 10 * 60_000, maxStdout = 8 * 1024 * 1024 } = opts;
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let outBytes = 0;
    let errTail = '';
    let overflow = false;
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    const kill = () => child.kill('SIGKILL');
    if (opts.signal?.aborted) kill();
    opts.signal?.addEventListener('abort', kill, { once: true });
    child.stdout.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes > maxStdout) {
        overflow = true;
        child.kill('SIGKILL');
        return;
      }
      out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      errTail = (errTail + chunk.toString('utf8')).slice(-4000);
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', kill);
      reject(new MediaToolError(`${bin} could not start: ${err.message}`, ''));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', kill);
      if (code === 0 && !overflow) return resolve(Buffer.concat(out));
      const why = overflow ? 'too much output' : signal ? `killed by ${signal}` : `exit code ${code}`;
      reject(new MediaToolError(`${bin} failed (${why})`, errTail));
    });
  });
}

/**
 * What a media tool reads: a file path, or an input read in place with only the protocols it needs
 * (a blob's file, `concat:` of its part files, a signed URL: BlobStore.mediaSource).
 */
export type MediaInput = string | { input: string; protocols: string };

/** The arguments before the input: `-protocol_whitelist` when given. */
export const whitelistArgs = (src: MediaInput): string[] =>
  typeof src === 'string' ? [] : ['-protocol_whitelist', src.protocols];

export const inputOf = (src: MediaInput): string => (typeof src === 'string' ? src : src.input);
