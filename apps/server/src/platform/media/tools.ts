import { spawn, type ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';

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
  /**
   * Work nobody waits on (a transcription's sound): the process runs at the lowest CPU priority (nice 19),
   * so on a small machine the API's answers go first.
   */
  background?: boolean;
}

/** Lowers a background tool's priority; where the OS refuses, it runs as it is. */
function lower(child: ChildProcess) {
  try {
    if (child.pid) setPriority(child.pid, 19);
  } catch {
    // a platform without priorities: nothing to do
  }
}

export function runTool(bin: string, args: readonly string[], opts: RunOptions = {}): Promise<Buffer> {
  const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  if (opts.background) lower(child);
  return collect(child, bin, opts).result;
}

/** A tool's process forked ahead: `start` runs the tool, `cancel` ends the waiting process. */
export interface ForkedTool {
  start(value: string): Promise<Buffer>;
  cancel(): void;
}

/** The one value `forkTool` passes on: a plain number (a time in seconds). */
const FORKED_VALUE = /^[0-9]{1,9}(\.[0-9]{1,6})?$/;

/**
 * Forks a tool's process now and runs the tool later, with `flag value` before `args`. Spawning
 * forks this whole process, which stops the event loop for a time in proportion to its memory
 * (≈ 25 ms at 600 MB here, measured); a tool needed right after a step whose latency matters (the
 * poster grab after the metadata is stored) is forked while nothing waits on the loop.
 * The process is `/bin/sh` waiting for one line on stdin, which then `exec`s the tool (same pid,
 * so a timeout or cancel kills the tool itself): the tool and its arguments are sh's positional
 * parameters ("$0", "$@"), never parsed by the shell, and the line is one number, checked here.
 */
export function forkTool(
  bin: string,
  flag: string,
  args: readonly string[],
  opts: RunOptions = {},
): ForkedTool {
  const script = 'IFS= read -r v || exit 1; f=$1; shift; exec "$0" "$f" "$v" "$@"';
  const child = spawn('/bin/sh', ['-c', script, bin, flag, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  child.stdin.on('error', () => undefined); // a process that already ended: its close reports it
  const run = collect(child, bin, opts, false);
  run.result.catch(() => undefined); // a cancelled fork is never awaited
  let used = false;
  return {
    start(value) {
      if (used) throw new Error('forkTool: started twice');
      used = true;
      if (!FORKED_VALUE.test(value)) {
        child.kill('SIGKILL');
        return Promise.reject(new Error(`forkTool: not a number: ${value}`));
      }
      run.arm();
      child.stdin.end(`${value}\n`);
      return run.result;
    },
    cancel() {
      if (used) return;
      used = true;
      child.kill('SIGKILL');
    },
  };
}

/** Collects a child's stdout (up to `maxStdout`) and stderr's tail; the timeout runs once armed. */
function collect(child: ChildProcess, bin: string, opts: RunOptions, armNow = true) {
  const { timeoutMs = 10 * 60_000, maxStdout = 8 * 1024 * 1024 } = opts;
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    timer ??= setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  };
  if (armNow) arm();
  const result = new Promise<Buffer>((resolve, reject) => {
    const out: Buffer[] = [];
    let outBytes = 0;
    let errTail = '';
    let overflow = false;
    const kill = () => child.kill('SIGKILL');
    if (opts.signal?.aborted) kill();
    opts.signal?.addEventListener('abort', kill, { once: true });
    const done = () => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', kill);
    };
    child.stdout!.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes > maxStdout) {
        overflow = true;
        child.kill('SIGKILL');
        return;
      }
      out.push(chunk);
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      errTail = (errTail + chunk.toString('utf8')).slice(-4000);
    });
    child.on('error', (err) => {
      done();
      reject(new MediaToolError(`${bin} could not start: ${err.message}`, ''));
    });
    child.on('close', (code, signal) => {
      done();
      if (code === 0 && !overflow) return resolve(Buffer.concat(out));
      const why = overflow ? 'too much output' : signal ? `killed by ${signal}` : `exit code ${code}`;
      reject(new MediaToolError(`${bin} failed (${why})`, errTail));
    });
  });
  return { result, arm };
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
