import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * nginx as the load test's balancer, as production would run it: a Node proxy burns a share of the two
 * cores that nginx does not, and the capacity goal counts everything on the machine. Started in the
 * foreground (`daemon off`) as a child of the bench with its own prefix, configuration, logs, pid and
 * temp files in the run's directory; the system's nginx service is not involved.
 *
 * Same behaviour as proxy.ts: round-robin, keep-alive to the nodes, X-Forwarded-For appended, and a
 * request goes to the other node when the chosen one refuses or resets the connection or answers 503
 * (Fastify's closing answer, sent before any handler ran, so even a POST is safe to resend: hence
 * `non_idempotent`). `timeout` also resends after proxy_read_timeout (60 s) without an answer, which
 * proxy.ts does not; no bench request comes near that. A node that failed so is skipped for 2 s.
 * Retried requests are the only ones logged (their $upstream_addr lists two addresses), so the log's
 * line count is the retry count; a websocket upgrade is logged when the socket closes.
 */
export function findNginx(): string | undefined {
  if (existsSync('/usr/sbin/nginx')) return '/usr/sbin/nginx';
  for (const dir of (process.env.PATH ?? '').split(':'))
    if (dir && existsSync(path.join(dir, 'nginx'))) return path.join(dir, 'nginx');
  return undefined;
}

function config(dir: string, port: number, upstreams: number[]) {
  // Running as root, nginx's workers would switch to `nobody` and could not write the temp dirs.
  // Each websocket holds two connections (client and node): 10,000 covers a few thousand users within
  // the open-files limit the worker inherits (20,000 here; nginx cannot raise it as a non-privileged
  // child, so no worker_rlimit_nofile).
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  return `${user}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 10000; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  map $upstream_addr $retried { "~," 1; default 0; }
  log_format retried '$upstream_addr $status $request_method $uri';
  upstream nodes {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 128;
  }
  server {
    listen 127.0.0.1:${port} backlog=4096;
    access_log ${dir}/retried.log retried if=$retried;
    client_max_body_size 64m;
    client_body_buffer_size 1m;
    proxy_request_buffering on;
    proxy_http_version 1.1;
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_connect_timeout 2s;
    proxy_next_upstream error timeout http_503 non_idempotent;
    proxy_next_upstream_tries 2;
    location / {
      proxy_set_header Connection "";
      proxy_pass http://nodes;
    }
    location /socket.io/ {
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection "upgrade";
      proxy_read_timeout 1h;
      proxy_send_timeout 1h;
      proxy_pass http://nodes;
    }
  }
}
`;
}

/** The processes whose parent is pid (nginx's workers), from /proc. */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1];
      if (Number(ppid) === pid) out.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

export interface Nginx {
  child: ChildProcess;
  /** Master and workers, for the CPU figures. */
  pids(): number[];
  retries(): number;
  /** Fast shutdown (SIGTERM to the master), waited for; the workers are signalled too. */
  stop(): Promise<void>;
  /** The same without waiting, for the process's 'exit' hook. */
  killNow(): void;
}

export async function startNginx(
  bin: string,
  dir: string,
  port: number,
  upstreams: number[],
): Promise<Nginx> {
  const prefix = path.join(dir, 'nginx');
  await mkdir(prefix, { recursive: true });
  const conf = path.join(prefix, 'nginx.conf');
  await writeFile(conf, config(prefix, port, upstreams));
  const child = spawn(
    bin,
    ['-p', prefix, '-c', conf, '-e', path.join(prefix, 'error.log'), '-g', 'daemon off; master_process on;'],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const master = child.pid!;
  let workers: number[] = [];
  const errorLog = () => {
    try {
      return readFileSync(path.join(prefix, 'error.log'), 'utf8').trim().split('\n').slice(-5).join('\n');
    } catch {
      return '';
    }
  };
  const killNow = () => {
    for (const pid of [master, ...workers, ...childrenOf(master)]) {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  };
  // Ready once it accepts connections (the master binds before forking its worker).
  for (let i = 0; ; i++) {
    if (child.exitCode !== null || child.signalCode)
      throw new Error(`nginx exited (${child.exitCode ?? child.signalCode}): ${errorLog()}`);
    workers = childrenOf(master);
    if (
      workers.length &&
      (await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      ))
    )
      break;
    if (i > 100) {
      killNow();
      throw new Error(`nginx never answered on ${port}: ${errorLog()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    pids: () => {
      // A worker that crashed is replaced by the master: look again.
      if (child.exitCode === null) workers = childrenOf(master);
      return [master, ...workers];
    },
    retries: () => {
      try {
        return readFileSync(path.join(prefix, 'retried.log'), 'utf8').split('\n').filter(Boolean).length;
      } catch {
        return 0;
      }
    },
    killNow,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode) return;
      killNow();
      const timer = setTimeout(() => {
        for (const pid of [master, ...workers])
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // already gone
          }
      }, 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
