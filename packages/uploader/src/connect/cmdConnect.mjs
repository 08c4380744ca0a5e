// `rushes-upload connect <CS-XXXX.rushes>`: a cloud workstation's desktop on a port of this computer,
// tunnelled through the server to the session's VNC server, then opened in the VNC viewer.
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { parseArgs } from 'node:util';
import { Refused } from '../api.mjs';
import { UsageError } from '../session.mjs';
import { pipeThroughTunnel, refusal, tunnelUrl } from './tunnel.mjs';
import { startViewer } from './viewer.mjs';

export const CONNECT_USAGE = `rushes-upload connect <CS-XXXX.rushes> | --url <server> --cloud-id <id> --token <connector token>
                     [--port <local port>] [--no-viewer] [--once]`;

const REFUSED = {
  401: 'the connection file is not valid for this session (download it again from the session’s ready step)',
  403: 'the session is not started any more, or this login may not open it',
  404: 'no such cloud session on this server',
  429: 'too many failed attempts from this address: try again in a minute',
};

/** The server, session and token: from the connection file, each overridable by its option. */
export function targetOf(opts, positionals) {
  let file = {};
  if (positionals.length > 1) throw new UsageError('connect takes one connection file');
  if (positionals[0]) {
    let text;
    try {
      text = readFileSync(positionals[0], 'utf8').replace(/^\uFEFF/, '');
    } catch (err) {
      throw new UsageError(`cannot read ${positionals[0]}: ${err.code ?? err.message}`);
    }
    try {
      file = JSON.parse(text);
    } catch {
      throw new UsageError(`${positionals[0]} is not a Rushes connection file`);
    }
  }
  const target = {
    url: opts.url ?? file.url,
    cloudId: opts['cloud-id'] ?? file.cloud_id,
    token: opts.token ?? file.token,
  };
  if (!target.url || !target.cloudId || !target.token)
    throw new UsageError('give a connection file, or --url, --cloud-id and --token');
  if (!/^https?:\/\//i.test(target.url)) throw new UsageError(`not a server address: ${target.url}`);
  return target;
}

/** Throws Refused (exit code 3) when the server refuses the token; network errors pass through. */
async function assertAccepted(target) {
  const status = await refusal(target);
  if (status === null) return;
  throw new Refused(
    `the server refused the tunnel (${status}): ${REFUSED[status] ?? 'unexpected answer'}`,
    401,
  );
}

export async function runConnect(argv) {
  const { values: opts, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      url: { type: 'string' },
      'cloud-id': { type: 'string' },
      token: { type: 'string' },
      port: { type: 'string' },
      'no-viewer': { type: 'boolean' },
      once: { type: 'boolean' },
    },
  });
  const target = targetOf(opts, positionals);
  const port = opts.port === undefined ? 0 : Number(opts.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`not a port: ${opts.port}`);
  await assertAccepted(target);

  const wsUrl = tunnelUrl(target);
  const server = net.createServer();
  const sockets = new Set();
  let failure = null;
  let stop = () => {};
  const stopped = new Promise((resolve) => (stop = resolve));
  server.on('connection', (socket) => {
    sockets.add(socket);
    pipeThroughTunnel(socket, wsUrl).then(async ({ opened }) => {
      sockets.delete(socket);
      // a tunnel that would not open: refused now (the session ended), or the server is unreachable
      if (!opened)
        failure = await assertAccepted(target).then(
          () => null,
          (err) => err,
        );
      if (failure || opts.once) stop();
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', (err) =>
      reject(err.code === 'EADDRINUSE' ? new UsageError(`port ${port} is in use here`) : err),
    );
    server.listen(port, '127.0.0.1', resolve);
  });
  const local = server.address().port;
  console.log(`Connected: open vnc://127.0.0.1:${local} in your VNC viewer`);
  console.log('(the password is on the session’s ready step; Ctrl+C ends the tunnel)');
  if (!opts['no-viewer']) {
    const started = startViewer(local);
    console.log(
      started
        ? `Started ${started}`
        : `No VNC viewer found: install TigerVNC (vncviewer) and open 127.0.0.1::${local} with it`,
    );
  }
  const onSignal = () => stop();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  await stopped;
  process.off('SIGINT', onSignal);
  process.off('SIGTERM', onSignal);
  server.close();
  for (const socket of sockets) socket.destroy();
  if (failure) throw failure;
  console.log('Tunnel closed');
}
