import { timingSafeEqual } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { isIPv4, type AddressInfo } from 'node:net';
import { PassThrough, Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FtpConnection } from 'ftp-srv';
import { FTP_TEXT } from '@rushes/shared';
import { c2eSessions } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import type { ModuleLog } from '../../platform/modules.ts';
import { secretBoxFor } from '../../platform/security/secretBox.ts';
import './camera.events.ts';
import { ftpEndpoint, setBoundPort } from './ftpEndpoint.ts';
import { C2eFileSystem, type StorTarget } from './ftpFs.ts';
import { discardReceived, ingestReceived, mimeOf, reserveKey, type ReceivedFile } from './ftpIngest.ts';
import { setPassiveAddress } from './ftpPassive.ts';
import { setFtpState } from './ftpStatus.ts';
import { loginThrottle, throttleKeys } from './ftpLoginThrottle.ts';
import { ftpTlsOptions, patchAuthTls } from './ftpTls.ts';

/** What happened to one received file (tests and logs listen to it). */
/**
 * What happened to one STOR (tests and logs listen to it): ingested (an asset), refused (the
 * session or the quota said no), discarded (received whole but the connection dropped before it
 * was confirmed), aborted (the transfer broke or went over a cap before its end).
 */
export type FileOutcome = {
  outcome: 'ingested' | 'refused' | 'discarded' | 'aborted';
  file: ReceivedFile;
};

export interface FtpHandle {
  port: number;
  /** 'receiving' (ReceivedFile) when a STOR starts; 'file' (FileOutcome) when it is decided */
  events: EventEmitter;
  /** Open control connections (all sessions). */
  connectionCount(): number;
  close(): Promise<void>;
}

/** Commands a write-only session never runs (ftp-srv answers 502). */
const REFUSED_COMMANDS = ['DELE', 'RMD', 'XRMD', 'RNFR', 'RNTO', 'RETR', 'SITE', 'APPE', 'STOU', 'REST'];

interface ConnState {
  connection: FtpConnection;
  username: string | null;
  closed: boolean;
  pending: ReceivedFile[];
  timer: NodeJS.Timeout | null;
  /** Transfers in progress: a dropped connection aborts them. */
  open: Set<Writable>;
  /** Ingests of this connection run one after another, in the order the files arrived. */
  chain: Promise<unknown>;
}

class Refusal extends Error {}

const handles = new WeakMap<AppContext, FtpHandle>();
export const ftpHandleOf = (ctx: AppContext) => handles.get(ctx) ?? null;

/**
 * The camera-to-edit FTP/FTPS server (ftp-srv, DESIGN §8). One login per C2E session (its random
 * user name and 24-character password); explicit FTPS is required unless the session allows plain
 * FTP; only an active session logs in. A STOR streams straight into the blob store with the file
 * and session size caps enforced as bytes arrive. The file becomes an asset once the transfer ended
 * cleanly and the camera's control connection is still there: at its next command (or QUIT), or
 * after FTP_COMMIT_GRACE_MS with the connection open. A connection that drops first (a camera
 * switched off mid-clip: FTP cannot tell a cut data connection from the end of the file) discards it.
 */
export async function startFtpServer(ctx: AppContext, log: ModuleLog): Promise<FtpHandle> {
  setFtpState(ctx, { kind: 'starting' });
  try {
    const handle = await listenFtp(ctx, log);
    setFtpState(ctx, { kind: 'listening' });
    return handle;
  } catch (err) {
    const reason = (err as { code?: string }).code === 'EADDRINUSE' ? 'port_in_use' : 'failed';
    setFtpState(ctx, { kind: 'failed', reason });
    throw err;
  }
}

async function listenFtp(ctx: AppContext, log: ModuleLog): Promise<FtpHandle> {
  const { config, db } = ctx;
  patchAuthTls();
  const box = secretBoxFor(config, ctx.secret);
  const { host } = ftpEndpoint(ctx);
  // PASV announces FTP_PASV_URL, else an IPv4 FTP_PUBLIC_HOST, else the address each camera reached us at.
  const fixedPasv =
    config.FTP_PASV_URL ??
    (config.FTP_PUBLIC_HOST && isIPv4(config.FTP_PUBLIC_HOST) ? config.FTP_PUBLIC_HOST : null);
  const tls = await ftpTlsOptions(config, host);
  const events = new EventEmitter();
  const throttle = loginThrottle(config);
  const states = new Map<string, ConnState>();
  const ftpLog = log.child({ module: 'ftp' }, { level: config.LOG_LEVEL === 'debug' ? 'debug' : 'fatal' });

  // imported here: a server without camera ingest never loads ftp-srv
  const { FtpSrv } = await import('ftp-srv');
  const before = new Set(process.listeners('SIGINT'));
  const server = new FtpSrv({
    url: `ftp://${config.FTP_HOST}:${config.FTP_PORT}`,
    // Only truthy for ftp-srv's start-up check: our PASV handler chooses the address (ftpPassive.ts).
    pasv_url: fixedPasv ?? 'per-connection',
    pasv_min: config.FTP_PASV_MIN,
    pasv_max: config.FTP_PASV_MAX,
    tls,
    anonymous: false,
    greeting: ['Rushes camera to edit'],
    log: ftpLog as never,
  });
  setPassiveAddress(server, fixedPasv);
  // ftp-srv exits the process on SIGINT/SIGTERM/SIGQUIT; the app closes it in its own shutdown.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGQUIT'] as const) {
    for (const l of process.listeners(signal)) if (!before.has(l)) process.removeListener(signal, l);
  }

  const outcome = (o: FileOutcome) => events.emit('file', o);

  function commit(state: ConnState) {
    if (state.timer) clearTimeout(state.timer);
    state.timer = null;
    const files = state.pending.splice(0);
    for (const file of files) {
      state.chain = state.chain
        .then(() => ingestReceived(ctx, file))
        .then((ok) => outcome({ outcome: ok ? 'ingested' : 'refused', file }))
        .catch((err: unknown) => {
          log.error({ err, sessionId: file.sessionId }, 'camera file ingest failed');
          outcome({ outcome: 'refused', file });
        });
    }
  }

  function discardPending(state: ConnState) {
    if (state.timer) clearTimeout(state.timer);
    state.timer = null;
    for (const file of state.pending.splice(0)) {
      void discardReceived(ctx, file).then(() => outcome({ outcome: 'discarded', file }));
    }
  }

  function received(state: ConnState, file: ReceivedFile) {
    if (state.closed) {
      void discardReceived(ctx, file).then(() => outcome({ outcome: 'discarded', file }));
      return;
    }
    state.pending.push(file);
    if (!state.timer) {
      state.timer = setTimeout(() => !state.closed && commit(state), config.FTP_COMMIT_GRACE_MS);
      state.timer.unref();
    }
  }

  async function openWrite(state: ConnState, sessionId: string, target: StorTarget): Promise<Writable> {
    const [s] = await db.select().from(c2eSessions).where(eq(c2eSessions.id, sessionId)).limit(1);
    if (!s || s.status !== 'active') throw new Refusal(FTP_TEXT.paused);
    const room = s.maxSessionBytes - s.bytesReceived;
    if (room <= 0) throw new Refusal(FTP_TEXT.sessionFull);
    const limit = Math.min(s.maxFileBytes, room);
    const limitText = limit === s.maxFileBytes ? FTP_TEXT.fileTooLarge : FTP_TEXT.sessionFull;
    const { assetId, blobKey } = reserveKey(s.projectId);
    const body = new PassThrough();
    const put = ctx.blobs.putObject(blobKey, body, { contentType: mimeOf(target.filename) });
    put.catch(() => undefined);
    let bytes = 0;
    let stored: 'pending' | 'failed' = 'pending';
    const file = (): ReceivedFile => ({
      sessionId,
      projectId: s.projectId,
      assetId,
      blobKey,
      ...target,
      sizeBytes: bytes,
    });
    const sink = new Writable({
      write(chunk: Buffer, _enc, cb) {
        bytes += chunk.length;
        if (bytes > limit) return cb(new Refusal(limitText));
        if (body.write(chunk)) cb();
        else body.once('drain', () => cb());
      },
      final(cb) {
        body.end();
        put.then(
          () => {
            received(state, file());
            cb();
          },
          (err: Error) => {
            stored = 'failed';
            cb(err);
          },
        );
      },
      destroy(err, cb) {
        if (!body.writableFinished) {
          body.destroy(err ?? new Error('transfer aborted'));
          void put
            .catch(() => undefined)
            .then(() => discardReceived(ctx, { blobKey }))
            .then(() => outcome({ outcome: 'aborted', file: file() }));
        }
        cb(err);
      },
    });
    // ftp-srv ends a STOR by emitting 'close' on the stream when it has close listeners (a pipe adds one).
    sink.on('close', () => {
      if (!sink.writableEnded && !sink.destroyed) sink.end();
    });
    // Once the client ended the data connection every byte is here: a data socket error after that
    // (a client resetting instead of waiting for the server's close) must not throw the file away.
    const destroy = sink.destroy.bind(sink);
    sink.destroy = (err?: Error) => (err && sink.writableEnded && stored === 'pending' ? sink : destroy(err));
    // Errors end in destroy() above (aborted); ftp-srv may not listen any more when the connection dropped.
    sink.on('error', () => undefined);
    body.on('error', () => undefined);
    state.open.add(sink);
    sink.once('close', () => state.open.delete(sink));
    sink.once('finish', () => state.open.delete(sink));
    events.emit('receiving', file());
    return sink;
  }

  async function login(state: ConnState, username: string, password: string) {
    const [s] = await db.select().from(c2eSessions).where(eq(c2eSessions.username, username)).limit(1);
    const keys = throttleKeys({ sessionId: s?.id, address: state.connection.ip });
    if (await throttle.blocked(keys)) throw new Refusal(FTP_TEXT.tooManyLogins);
    const given = Buffer.from(password);
    const real = s ? Buffer.from(box.open(s.passwordSealed)) : Buffer.alloc(given.length);
    if (!s || real.length !== given.length || !timingSafeEqual(real, given)) {
      await throttle.failed(keys);
      throw new Refusal(FTP_TEXT.loginFailed);
    }
    if (!state.connection.secure && !s.allowPlainFtp) throw new Refusal(FTP_TEXT.tlsRequired);
    if (s.status !== 'active') throw new Refusal(FTP_TEXT.paused);
    state.username = username;
    return {
      fs: new C2eFileSystem((target) => openWrite(state, s.id, target)) as never,
      blacklist: REFUSED_COMMANDS,
    };
  }

  (server as unknown as EventEmitter).on(
    'connect',
    ({ connection, id }: { connection: FtpConnection; id: string }) => {
      const state: ConnState = {
        connection,
        username: null,
        closed: false,
        pending: [],
        timer: null,
        open: new Set(),
        chain: Promise.resolve(),
      };
      states.set(id, state);
      // Any command after a finished STOR confirms it (the camera is still there): commit it.
      const commands = (connection as unknown as { commands: { handle: (c: unknown) => unknown } }).commands;
      const handle = commands.handle.bind(commands);
      commands.handle = (command: unknown) => {
        if (state.pending.length) commit(state);
        return handle(command);
      };
    },
  );
  server.on('disconnect', ({ id }) => {
    const state = states.get(id);
    if (!state) return;
    state.closed = true;
    discardPending(state);
    // ftp-srv leaves a STOR whose control connection dropped waiting forever: abort it here.
    for (const sink of state.open) if (!sink.writableEnded) sink.destroy(new Error('connection closed'));
    states.delete(id);
  });
  server.on('login', ({ connection, username, password }, resolve, reject) => {
    const state = states.get(connection.id);
    if (!state) return reject(new Error(FTP_TEXT.loginFailed));
    login(state, username, password).then(resolve, (err: unknown) =>
      reject(err instanceof Error ? err : new Error(FTP_TEXT.loginFailed)),
    );
  });
  server.on('client-error', ({ error }) => ftpLog.debug({ err: error }, 'ftp client error'));

  // Delete revokes the login: the row is gone, and its open connections are closed now.
  ctx.events.on('camera.session_revoked', ({ username }) => {
    for (const state of states.values()) {
      if (state.username !== username) continue;
      state.closed = true;
      discardPending(state);
      const conn = state.connection as unknown as { connector?: { end(): void } };
      conn.connector?.end();
      void (state.connection as unknown as { close(code: number, text: string): Promise<void> }).close(
        421,
        FTP_TEXT.paused,
      );
    }
  });

  try {
    await server.listen();
  } catch (err) {
    await throttle.close();
    throw err;
  }
  const port = (server as unknown as { server: { address(): AddressInfo } }).server.address().port;
  setBoundPort(ctx, port);
  const handle: FtpHandle = {
    port,
    events,
    connectionCount: () => states.size,
    close: async () => {
      handles.delete(ctx);
      for (const state of states.values()) discardPending(state);
      await server.close();
      await throttle.close();
    },
  };
  handles.set(ctx, handle);
  return handle;
}
