// One local TCP connection carried over one WebSocket to the server's tunnel (CLOUD_API.tunnel), which
// connects it to the session's VNC server. The global WebSocket (Node 22 and later) keeps the program
// free of dependencies; it does not tell why a handshake failed, so `refusal` asks once over plain HTTP.
import http from 'node:http';
import https from 'node:https';
import { randomBytes } from 'node:crypto';

/** The server's path (packages/shared CLOUD_API.tunnel; the server test checks they agree). */
export const TUNNEL_PATH = '/api/cloud/tunnel';

/** Unsent bytes the WebSocket may hold before the local side is paused. */
const HIGH_WATER = 4 * 1024 * 1024;

/** The tunnel's ws(s) URL for a server URL, a session and a connector token. */
export function tunnelUrl({ url, cloudId, token }) {
  const u = new URL(TUNNEL_PATH, url.replace(/\/+$/, '') + '/');
  u.protocol = u.protocol === 'https:' ? 'wss:' : 'ws:';
  u.search = new URLSearchParams({ cloud_id: cloudId, token }).toString();
  return u.toString();
}

/**
 * How the server answers a tunnel handshake: null when it accepts (the socket is closed at once), the
 * HTTP status when it refuses (401 token, 403 not allowed or not started, 404 no such session, 429
 * too many failures). Network errors reject.
 */
export function refusal(target) {
  const u = new URL(tunnelUrl(target));
  const secure = u.protocol === 'wss:';
  const get = secure ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const req = get({
      protocol: secure ? 'https:' : 'http:',
      hostname: u.hostname.replace(/^\[|\]$/g, ''),
      port: u.port || (secure ? 443 : 80),
      path: `${u.pathname}${u.search}`,
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': randomBytes(16).toString('base64'),
      },
    });
    req.setTimeout(15_000, () => req.destroy(new Error('the server did not answer in 15 s')));
    req.on('upgrade', (_res, socket) => {
      socket.destroy();
      resolve(null);
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Pipes `socket` (the VNC viewer's connection) through a new tunnel WebSocket. Bytes the viewer sends
 * before the tunnel is open wait for it. Backpressure: the viewer's side is paused while the WebSocket
 * holds more than HIGH_WATER unsent; the other way VNC limits itself (the viewer asks for the next
 * framebuffer update only after it has read the last). Resolves when both sides are closed, with
 * `opened` false when the WebSocket never opened (refused or unreachable).
 */
export function pipeThroughTunnel(socket, wsUrl) {
  return new Promise((resolve) => {
    const ws = new WebSocket(wsUrl);
    ws.binaryType = 'arraybuffer';
    socket.setNoDelay(true);
    let opened = false;
    let done = false;
    const waiting = [];
    const finish = () => {
      if (done) return;
      done = true;
      if (ws.readyState === WebSocket.CONNECTING || ws.readyState === WebSocket.OPEN) ws.close();
      socket.end();
      resolve({ opened });
    };
    let timer = null;
    const relieve = () => {
      timer = null;
      if (ws.readyState !== WebSocket.OPEN) return;
      if (ws.bufferedAmount > HIGH_WATER / 2) timer = setTimeout(relieve, 5);
      else socket.resume();
    };
    const send = (chunk) => {
      ws.send(chunk);
      if (ws.bufferedAmount > HIGH_WATER && !timer) {
        socket.pause();
        timer = setTimeout(relieve, 5);
      }
    };
    socket.on('data', (chunk) => (opened ? send(chunk) : waiting.push(chunk)));
    socket.on('end', finish);
    socket.on('close', finish);
    socket.on('error', finish);
    ws.addEventListener('open', () => {
      opened = true;
      for (const chunk of waiting.splice(0)) send(chunk);
    });
    ws.addEventListener('message', (event) => {
      if (!socket.destroyed) socket.write(Buffer.from(event.data));
    });
    ws.addEventListener('close', finish);
    ws.addEventListener('error', finish);
  });
}
