/**
 * Child process of the chat benchmark: opens a share of the N receiving sockets (socket.io-client with
 * the member's session cookie and the app's Origin, joined to the project room; or plain `ws` for the
 * baseline) and records, per socket, when each message arrives. A message's text is
 * `<seq>:<send instant>` (performance.timeOrigin + now() in the sender, the same clock here), so the
 * latency is computed on arrival. Driven by the parent over IPC: connect → collect → close.
 */
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { WebSocket } from 'ws';

export interface Target {
  url: string;
  cookie?: string;
}
export type ToClients =
  | {
      type: 'connect';
      mode: 'sio' | 'ws';
      origin: string;
      room: string;
      targets: Target[];
      /** Messages with seq in [first, first + count) are counted; earlier ones warm up. */
      first: number;
      count: number;
    }
  | { type: 'collect' }
  | { type: 'close' };
export type FromClients =
  | { type: 'ready'; connected: number; failed: number; firstError?: string; ms: number }
  | {
      type: 'results';
      /** Latencies of counted messages in ms, two decimals. */
      latencies: number[];
      sockets: number;
      duplicates: number;
      /** Arrivals older (by chats_count, the order the server stored them) than one already seen. */
      reordered: number;
      /** Arrivals with a lower send sequence than one already seen (overlapping sends at high latency). */
      sendOrderInversions: number;
      /** Per counted message: the slowest arrival on this child (ms), to see a backlog build. */
      slowestBySeq: number[];
      /** chat_count events received (the unread signal to the members' user rooms). */
      unread: number;
    };

interface Frame {
  message: { text: string };
  chats_count: number;
}

const CONCURRENCY = 50;
const TIMEOUT_MS = 30_000;
const now = () => performance.timeOrigin + performance.now();

interface Receiver {
  lastSeq: number;
  lastCount: number;
  seen: Uint8Array;
  close: () => void;
}

let first = 0;
let count = 0;
const receivers: Receiver[] = [];
const latencies: number[] = [];
let duplicates = 0;
let reordered = 0;
let sendOrderInversions = 0;
let slowestBySeq: number[] = [];
let unread = 0;

function onText(r: Receiver, text: string, chatsCount: number) {
  const arrived = now();
  const [seqText, sentText] = text.split(':');
  const seq = Number(seqText);
  if (chatsCount < r.lastCount) reordered++;
  r.lastCount = Math.max(r.lastCount, chatsCount);
  if (seq < r.lastSeq) sendOrderInversions++;
  r.lastSeq = Math.max(r.lastSeq, seq);
  if (seq < first || seq >= first + count) return;
  if (r.seen[seq - first]) {
    duplicates++;
    return;
  }
  r.seen[seq - first] = 1;
  const latency = Math.round((arrived - Number(sentText)) * 100) / 100;
  latencies.push(latency);
  slowestBySeq[seq - first] = Math.max(slowestBySeq[seq - first] ?? 0, latency);
}

function openSio(t: Target, origin: string, room: string): Promise<Receiver> {
  const socket: Socket = io(t.url, {
    transports: ['websocket'],
    extraHeaders: { cookie: t.cookie ?? '', origin },
    forceNew: true,
    reconnection: false,
    timeout: TIMEOUT_MS,
  });
  const r: Receiver = { lastSeq: -1, lastCount: 0, seen: new Uint8Array(count), close: () => socket.close() };
  socket.on('chat_message', (p: Frame) => onText(r, p.message.text, p.chats_count));
  socket.on('chat_count', () => unread++);
  return new Promise((resolve, reject) => {
    socket.once('connect_error', (err) => reject(err));
    socket.once('connect', () => {
      socket
        .timeout(TIMEOUT_MS)
        .emitWithAck('join', room)
        .then((ack: { ok: boolean; error?: string }) =>
          ack.ok ? resolve(r) : reject(new Error(`join refused: ${ack.error}`)),
        )
        .catch(reject);
    });
  });
}

function openWs(t: Target, origin: string): Promise<Receiver> {
  const ws = new WebSocket(t.url.replace(/^http/, 'ws'), { headers: { origin }, perMessageDeflate: false });
  const r: Receiver = { lastSeq: -1, lastCount: 0, seen: new Uint8Array(count), close: () => ws.close() };
  ws.on('message', (data) => {
    const [, p] = JSON.parse(String(data)) as [string, Frame];
    onText(r, p.message.text, p.chats_count);
  });
  return new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.once('open', () => resolve(r));
  });
}

async function connectAll(msg: Extract<ToClients, { type: 'connect' }>) {
  first = msg.first;
  count = msg.count;
  slowestBySeq = new Array<number>(count).fill(0);
  const start = performance.now();
  let failed = 0;
  let firstError: string | undefined;
  let next = 0;
  const worker = async () => {
    while (next < msg.targets.length) {
      const t = msg.targets[next++];
      try {
        receivers.push(
          msg.mode === 'sio' ? await openSio(t, msg.origin, msg.room) : await openWs(t, msg.origin),
        );
      } catch (err) {
        failed++;
        firstError ??= (err as Error).message;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  send({
    type: 'ready',
    connected: receivers.length,
    failed,
    firstError,
    ms: Math.round(performance.now() - start),
  });
}

const send = (m: FromClients) => process.send!(m);

process.on('message', (msg: ToClients) => {
  if (msg.type === 'connect') void connectAll(msg);
  else if (msg.type === 'collect')
    send({
      type: 'results',
      latencies,
      sockets: receivers.length,
      duplicates,
      reordered,
      sendOrderInversions,
      slowestBySeq,
      unread,
    });
  else if (msg.type === 'close') {
    for (const r of receivers) r.close();
    setTimeout(() => process.exit(0), 200);
  }
});
