import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { API, API_TYPE, API_VERSION } from '@rushes/shared';
import type { LoadUser } from './seed.ts';
import { ok, send } from './http.ts';
import { uploadStill } from './upload.ts';

/**
 * The simulated users (a child process of index.ts: `node --import tsx bench/load/driver.ts <plan.json>`,
 * talking over IPC). Each user logs in, opens home, connects its socket (websocket transport only, as
 * a browser behind a proxy would after the upgrade) and opens its project (joins the room, first asset
 * page, chat counters), then loops: think (THINK_MS), do one weighted action. The socket reconnects
 * on its own after a transport close (a node going away); on every reconnect the user joins its room
 * again and refetches the newest chat page, as the web app refetches every query after a reconnect.
 *
 * Chat check: each user keeps the ids it knows (live `chat_message`s and refetched pages) and the
 * instant it first joined its room; at the end index.ts reads every project's stored chat through the
 * API and counts, per user, stored messages sent after its join that it does not know (lost) and live
 * deliveries of an id it already had live (duplicated). A message's text carries its send instant.
 */
interface Plan {
  base: string;
  users: (LoadUser & { index: number })[];
  rampMs: number;
  thinkMs: [number, number];
}
const plan = JSON.parse(readFileSync(process.argv[2], 'utf8')) as Plan;

// What a user does between thinks, with weights (a browsing-heavy mix; one send in five actions).
const ACTIONS: [name: string, weight: number][] = [
  ['home', 8],
  ['open_project', 10],
  ['page_assets', 20],
  ['search', 15],
  ['open_chat', 15],
  ['send_message', 20],
  ['check_login', 8],
  ['upload', 4],
];
const WEIGHT = ACTIONS.reduce((s, [, w]) => s + w, 0);

const latencies = new Map<string, number[]>();
const errors = new Map<string, number>();
const errorSamples: string[] = [];
const chatDelivery: number[] = [];
let requests = 0;
let stopping = false;
const connectErrorKinds: Record<string, number> = {};
const counters = {
  connects: 0,
  reconnects: 0,
  connectErrors: 0,
  disconnects: 0,
  active: 0,
  /** Joins whose socket closed before the answer: joined again on the next connect, as the web app does. */
  joinsInterrupted: 0,
  /** joins that timed out after being sent while the socket was reconnecting (socket.io-client buffers them) */
  joinsTimedOutBuffered: 0,
};

class HttpError extends Error {}

function record(name: string, ms: number, err?: unknown) {
  requests++;
  (latencies.get(name) ?? latencies.set(name, []).get(name)!).push(ms);
  if (err) {
    errors.set(name, (errors.get(name) ?? 0) + 1);
    if (errorSamples.length < 30)
      errorSamples.push(`${name}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const between = ([a, b]: [number, number]) => a + Math.random() * (b - a);

interface Envelope<T> {
  response?: boolean;
  data?: T;
  errormessage?: string;
}

class User {
  cookie = '';
  socket?: Socket;
  cursor: string | null = null;
  /** When the user first joined its project room (epoch ms): every message sent later must reach it. */
  joinedAt = 0;
  readonly liveIds = new Set<string>();
  readonly known = new Set<string>();
  duplicates = 0;
  sent: { text: string; ok: boolean }[] = [];
  private readonly forwardedFor: string;

  constructor(readonly u: Plan['users'][number]) {
    // One client address per user (the servers trust the proxy's X-Forwarded-For), as real users have.
    this.forwardedFor = `10.${(u.index >> 8) & 255}.${u.index & 255}.7`;
  }

  /** One timed API call as the web client makes it; a non-2xx or a failed envelope is an error. */
  async call<T>(
    name: string,
    method: string,
    path: string,
    payload: Record<string, unknown> = {},
  ): Promise<T> {
    const headers: Record<string, string> = {
      'API-Type': API_TYPE,
      'API-Version': API_VERSION,
      'x-forwarded-for': this.forwardedFor,
    };
    if (this.cookie) headers.cookie = this.cookie;
    let url = plan.base + path;
    let body: string | undefined;
    const withTeam = path.startsWith('/api/auth/') ? payload : { team_db_id: this.u.teamId, ...payload };
    if (method === 'GET') url += `?${new URLSearchParams(withTeam as Record<string, string>)}`;
    else {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(withTeam);
    }
    const t0 = performance.now();
    try {
      const res = await send(method, url, headers, body);
      let json: Envelope<T> | null = null;
      try {
        json = JSON.parse(res.text) as Envelope<T>;
      } catch {
        // not JSON: counted as an error below
      }
      if (!ok(res.status) || !json?.response)
        throw new HttpError(`${method} ${path} → ${res.status} ${json?.errormessage ?? ''}`);
      if (path === API.auth.login) {
        this.cookie = (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
      }
      record(name, performance.now() - t0);
      return json.data as T;
    } catch (err) {
      record(name, performance.now() - t0, err);
      throw err;
    }
  }

  async start() {
    await this.call('login', 'POST', API.auth.login, { email: this.u.email, password: this.u.password });
    await this.home();
    await this.connect();
    await this.openProject();
    counters.active++;
    while (!stopping) {
      await sleep(between(plan.thinkMs));
      if (stopping) break;
      await this.act().catch(() => undefined);
    }
    counters.active--;
  }

  async home() {
    await this.call('check_login', 'GET', API.auth.checkLogin);
    await this.call('home', 'GET', API.projects.traysStructure);
    await this.call('home', 'GET', API.projects.trays, { tray_name: 'my_projects', entries_per_page: 20 });
    await this.call('home', 'GET', API.projects.trays, {
      tray_name: 'collaborated_projects',
      entries_per_page: 20,
    });
  }

  connect(): Promise<void> {
    const socket = io(plan.base, {
      transports: ['websocket'],
      extraHeaders: { cookie: this.cookie, origin: plan.base, 'x-forwarded-for': this.forwardedFor },
      reconnectionDelay: 500,
      reconnectionDelayMax: 3000,
    });
    this.socket = socket;
    socket.on('chat_message', (p: { project_db_id: string; message: { id: string; text: string } }) => {
      if (p.project_db_id !== this.u.projectId) return;
      if (this.liveIds.has(p.message.id)) this.duplicates++;
      this.liveIds.add(p.message.id);
      this.known.add(p.message.id);
      const sentAt = Number(/@(\d+(?:\.\d+)?)$/.exec(p.message.text)?.[1]);
      if (sentAt) chatDelivery.push(performance.timeOrigin + performance.now() - sentAt);
    });
    socket.on('connect_error', (err: Error & { type?: string; description?: unknown }) => {
      counters.connectErrors++;
      // A refusal by the server's middleware leaves the socket down (socket.io-client does not retry it);
      // a transport failure is retried with backoff. Which one happens says why reconnects are slow.
      const kind = `${socket.active ? 'retried' : 'left down'}: ${err.message}`;
      connectErrorKinds[kind] = (connectErrorKinds[kind] ?? 0) + 1;
    });
    socket.on('disconnect', (reason: string) => {
      counters.disconnects++;
      connectErrorKinds[`disconnect: ${reason}`] = (connectErrorKinds[`disconnect: ${reason}`] ?? 0) + 1;
    });
    let first = true;
    return new Promise((resolve) => {
      socket.on('connect', () => {
        counters.connects++;
        if (first) {
          first = false;
          return resolve();
        }
        counters.reconnects++;
        void this.rejoin();
      });
    });
  }

  /**
   * Joins the project room. 'interrupted': the socket closed before the answer (its node went away).
   * That is not an error the user sees: the web app's join takes no answer and it joins again on
   * every connect, which the 'connect' handler here does too.
   */
  private join() {
    return new Promise<'joined' | 'interrupted'>((resolve, reject) => {
      const buffered = !this.socket!.connected;
      this.socket!.timeout(10_000).emit(
        'join',
        `project:${this.u.projectId}`,
        (err: unknown, ack: { ok: boolean }) => {
          if (err && !this.socket!.connected && /disconnected/.test(String(err))) {
            counters.joinsInterrupted++;
            return resolve('interrupted');
          }
          if (err && buffered && /timed out/.test(String(err))) counters.joinsTimedOutBuffered++;
          if (err || !ack?.ok) reject(new Error(`join refused: ${String(err ?? JSON.stringify(ack))}`));
          else resolve('joined');
        },
      );
    });
  }

  /** Joins, and after an interrupted join, again once the socket is back (until it answers). */
  private async joinUntilAnswered() {
    while ((await this.join()) === 'interrupted') {
      await new Promise<void>((resolve) => this.socket!.once('connect', () => resolve()));
    }
  }

  /** After a reconnect: the room again, then the newest chat page (what the web app refetches). */
  private async rejoin() {
    const t0 = performance.now();
    try {
      // interrupted: the next connect's rejoin times its own join
      if ((await this.join()) === 'joined') record('socket_rejoin', performance.now() - t0);
    } catch (err) {
      record('socket_rejoin', performance.now() - t0, err);
    }
    await this.chatPage(100).catch(() => undefined);
  }

  private async chatPage(entries: number) {
    const page = await this.call<{ messages: { messages: { messages: { id: string }[] }[] }[] }>(
      'open_chat',
      'GET',
      API.chat.root,
      { project_db_id: this.u.projectId, entries_per_page: entries },
    );
    for (const day of page.messages)
      for (const group of day.messages) for (const m of group.messages) this.known.add(m.id);
  }

  async openProject() {
    const t0 = performance.now();
    try {
      await this.joinUntilAnswered();
      this.joinedAt ||= performance.timeOrigin + performance.now();
      record('socket_join', performance.now() - t0);
    } catch (err) {
      record('socket_join', performance.now() - t0, err);
      throw err;
    }
    await this.call('open_project', 'GET', API.projects.info, { project_db_id: this.u.projectId });
    const page = await this.call<{ next_cursor: string | null }>('page_assets', 'GET', API.assets.root, {
      project_db_id: this.u.projectId,
    });
    this.cursor = page.next_cursor;
    await this.call('open_chat', 'GET', API.chat.counters, { project_db_id: this.u.projectId });
  }

  async act() {
    let r = Math.random() * WEIGHT;
    const [name] = ACTIONS.find(([, w]) => (r -= w) < 0) ?? ACTIONS[0];
    const project_db_id = this.u.projectId;
    switch (name) {
      case 'home':
        return this.home();
      case 'check_login':
        return this.call('check_login', 'GET', API.auth.checkLogin);
      case 'open_project':
        return this.openProject();
      case 'page_assets': {
        const page = await this.call<{ next_cursor: string | null }>('page_assets', 'GET', API.assets.root, {
          project_db_id,
          ...(this.cursor ? { cursor: this.cursor } : {}),
        });
        this.cursor = page.next_cursor;
        return;
      }
      case 'search':
        return this.call('search', 'GET', API.assets.search, {
          project_db_id,
          search_text:
            Math.random() < 0.5
              ? `w${Math.floor(Math.random() * 50)}`
              : `kw${1 + Math.floor(Math.random() * 300)}`,
        });
      case 'open_chat':
        await this.chatPage(25);
        await this.call('open_chat', 'PUT', API.chat.seen, { project_db_id });
        return;
      case 'send_message': {
        // The send instant (one clock for every process here) lets receivers time the delivery.
        const text = `load ${this.u.index}.${this.sent.length} @${performance.timeOrigin + performance.now()}`;
        const entry = { text, ok: false };
        this.sent.push(entry);
        await this.call('send_message', 'POST', API.chat.root, { project_db_id, text });
        entry.ok = true;
        return;
      }
      case 'upload':
        return this.upload();
    }
  }

  upload() {
    return uploadStill({
      call: this.call.bind(this),
      record,
      base: plan.base,
      forwardedFor: this.forwardedFor,
      projectId: this.u.projectId,
      index: this.u.index,
    });
  }
}

const users = plan.users.map((u) => new User(u));
const t0 = performance.now();
const running = users.map(async (user, i) => {
  await sleep((i * plan.rampMs) / users.length);
  if (stopping) return;
  // A user whose login or first page failed tries again half a minute later (the failure is counted;
  // the login route allows 5 a minute per address).
  while (!stopping) {
    const ok = await user.start().then(
      () => true,
      (err) => {
        if (errorSamples.length < 30)
          errorSamples.push(`start ${user.u.index}: ${err instanceof Error ? err.message : err}`);
        return false;
      },
    );
    if (ok) break;
    user.socket?.close();
    await sleep(30_000);
  }
});

process.on('message', async (m: { type: string }) => {
  if (m.type === 'progress') {
    process.send!({
      type: 'progress',
      requests,
      errors: [...errors.values()].reduce((a, b) => a + b, 0),
      ...counters,
      elapsedMs: performance.now() - t0,
    });
  }
  if (m.type === 'reset') {
    // The ramp is over: figures from here on are the held load's.
    latencies.clear();
    errors.clear();
    chatDelivery.length = 0;
    requests = 0;
  }
  if (m.type === 'stop') {
    stopping = true;
    await Promise.all(running);
    // The last sends' events are still on their way: let them land before the check.
    await sleep(3000);
    process.send!(
      {
        type: 'result',
        requests,
        latencies: Object.fromEntries(latencies),
        errors: Object.fromEntries(errors),
        errorSamples,
        chatDelivery,
        counters,
        connectErrorKinds,
        users: users.map((u) => ({
          index: u.u.index,
          projectId: u.u.projectId,
          joinedAt: u.joinedAt,
          known: [...u.known],
          liveIds: [...u.liveIds],
          duplicates: u.duplicates,
          sent: u.sent,
          connected: u.socket?.connected ?? false,
        })),
      },
      // The answer is large: exit once it is written, not before.
      () => process.exit(0),
    );
    for (const u of users) u.socket?.close();
  }
});
process.send!({ type: 'ready' });
