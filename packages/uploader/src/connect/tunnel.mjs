// One local TCP connection carried over one WebSocket to the server's tunnel (CLOUD_API.tunnel), which
// connects it to the session's VNC server. The WebSocket client is the few lines a byte tunnel needs
// (node:http's upgrade, RFC 6455 framing) rather than Node's global WebSocket: that one copies every
// message into an ArrayBuffer and dispatches an event per message, which cost about as much CPU as
// the rest of the connector on a full-frame VNC update (3.6 MB at 1280x720); here a frame's payload
// is written to the viewer's socket as it arrives, without reassembling or copying it.
import http from 'node:http';
import https from 'node:https';
import { createHash, randomBytes } from 'node:crypto';

/** The server's path (packages/shared CLOUD_API.tunnel; the server test checks they agree). */
export const TUNNEL_PATH = '/api/cloud/tunnel';

const WS_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
const OP = { binary: 0x2, close: 0x8, ping: 0x9, pong: 0xa };

/** The tunnel's ws(s) URL for a server URL, a session and a connector token. */
export function tunnelUrl({ url, cloudId, token }) {
  const u = new URL(TUNNEL_PATH, url.replace(/\/+$/, '') + '/');
  u.protocol = u.protocol === 'https:' ? 'wss:' : 'ws:';
  u.search = new URLSearchParams({ cloud_id: cloudId, token }).toString();
  return u.toString();
}

/**
 * The WebSocket handshake on `wsUrl`: resolves with { socket, head } (the upgraded connection and
 * any bytes already read past the handshake) when the server accepts, or { status } when it answers
 * with plain HTTP (401 token, 403 not allowed or not started, 404 no such session, 429 too many
 * failures). Network errors reject.
 */
function upgrade(wsUrl) {
  const u = new URL(wsUrl);
  const secure = u.protocol === 'wss:';
  const key = randomBytes(16).toString('base64');
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).request({
      protocol: secure ? 'https:' : 'http:',
      hostname: u.hostname.replace(/^\[|\]$/g, ''),
      port: u.port || (secure ? 443 : 80),
      path: `${u.pathname}${u.search}`,
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': key,
      },
    });
    req.setTimeout(15_000, () => req.destroy(new Error('the server did not answer in 15 s')));
    req.on('upgrade', (res, socket, head) => {
      socket.setTimeout(0);
      const accept = createHash('sha1')
        .update(key + WS_GUID)
        .digest('base64');
      if (res.headers['sec-websocket-accept'] === accept) return resolve({ socket, head });
      socket.destroy();
      reject(new Error('the server answered the tunnel with a wrong WebSocket handshake'));
    });
    req.on('response', (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0 });
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * How the server answers a tunnel handshake: null when it accepts (the socket is closed at once), the
 * HTTP status when it refuses. Network errors reject.
 */
export async function refusal(target) {
  const answer = await upgrade(tunnelUrl(target));
  if (!answer.socket) return answer.status;
  answer.socket.destroy();
  return null;
}

/** One client frame (RFC 6455 §5.2: FIN set, masked as a client's must be), as [header, payload]. */
export function clientFrame(opcode, payload) {
  const n = payload.length;
  const size = n < 126 ? 0 : n < 65536 ? 2 : 8;
  const head = Buffer.alloc(6 + size);
  head[0] = 0x80 | opcode;
  head[1] = 0x80 | (size === 0 ? n : size === 2 ? 126 : 127);
  if (size === 2) head.writeUInt16BE(n, 2);
  if (size === 8) head.writeBigUInt64BE(BigInt(n), 2);
  const mask = randomBytes(4);
  mask.copy(head, 2 + size);
  const body = Buffer.allocUnsafe(n);
  for (let i = 0; i < n; i++) body[i] = payload[i] ^ mask[i & 3];
  return [head, body];
}

/**
 * A reader of the server's frames: `push(chunk)` hands each data frame's payload bytes to `onData`
 * as they come (slices of the chunk, never copied: a tunnel needs no message boundaries) and each
 * control frame whole to `onControl(opcode, payload)`. A frame the server may not send (masked, or
 * with extension bits: none is negotiated) calls `onError`.
 */
export function frameReader({ onData, onControl, onError }) {
  let head = null; // a frame header split across chunks (copied: it is a few bytes)
  let left = 0; // payload bytes of the current frame still to come
  let control = null; // the current control frame: { opcode, parts }
  return function push(chunk) {
    while (chunk.length) {
      if (left > 0) {
        const take = Math.min(left, chunk.length);
        const part = chunk.subarray(0, take);
        chunk = chunk.subarray(take);
        left -= take;
        if (!control) onData(part);
        else {
          control.parts.push(part);
          if (left === 0) {
            onControl(control.opcode, Buffer.concat(control.parts));
            control = null;
          }
        }
        continue;
      }
      if (head) {
        chunk = Buffer.concat([head, chunk]);
        head = null;
      }
      if (chunk.length < 2) return void (head = Buffer.from(chunk));
      if (chunk[1] & 0x80 || chunk[0] & 0x70) return onError();
      const opcode = chunk[0] & 0x0f;
      const short = chunk[1] & 0x7f;
      const size = short === 126 ? 2 : short === 127 ? 8 : 0;
      if (chunk.length < 2 + size) return void (head = Buffer.from(chunk));
      left = size === 0 ? short : size === 2 ? chunk.readUInt16BE(2) : Number(chunk.readBigUInt64BE(2));
      chunk = chunk.subarray(2 + size);
      if (opcode >= 0x8) {
        if (left === 0) onControl(opcode, Buffer.alloc(0));
        else control = { opcode, parts: [] };
      }
    }
  };
}

/**
 * Pipes `local` (the VNC viewer's connection) through a new tunnel WebSocket. Bytes the viewer sends
 * before the tunnel is open wait for it. Backpressure both ways: a side whose writes are buffered
 * pauses the other until it drains. Resolves when both sides are closed, with `opened` false when
 * the WebSocket never opened (refused or unreachable).
 */
export function pipeThroughTunnel(local, wsUrl) {
  return new Promise((resolve) => {
    local.setNoDelay(true);
    let ws = null;
    let done = false;
    const waiting = [];
    const finish = () => {
      if (done) return;
      done = true;
      if (ws && !ws.destroyed && !ws.writableEnded) {
        const [head, body] = clientFrame(OP.close, Buffer.from([0x03, 0xe8])); // 1000, normal closure
        ws.end(Buffer.concat([head, body]));
      }
      local.end();
      resolve({ opened: ws !== null });
    };
    const send = (chunk) => {
      const [head, body] = clientFrame(OP.binary, chunk);
      ws.cork();
      ws.write(head);
      const room = ws.write(body);
      ws.uncork();
      if (!room) local.pause();
    };
    local.on('data', (chunk) => {
      if (done) return;
      if (ws) send(chunk);
      else waiting.push(chunk);
    });
    local.on('end', finish);
    local.on('close', finish);
    local.on('error', finish);
    upgrade(wsUrl).then(({ socket, head }) => {
      if (!socket) return finish();
      if (done) return socket.destroy();
      ws = socket;
      ws.setNoDelay(true);
      const push = frameReader({
        onData: (part) => {
          if (!done && !local.write(part)) ws.pause();
        },
        onControl: (opcode, payload) => {
          if (opcode === OP.close) finish();
          else if (opcode === OP.ping && !done) ws.write(Buffer.concat(clientFrame(OP.pong, payload)));
        },
        onError: () => {
          ws.destroy();
          finish();
        },
      });
      ws.on('data', push);
      ws.on('drain', () => local.resume());
      local.on('drain', () => ws.resume());
      ws.on('end', finish);
      ws.on('close', finish);
      ws.on('error', finish);
      for (const chunk of waiting.splice(0)) send(chunk);
      if (head?.length) push(head);
    }, finish);
  });
}
