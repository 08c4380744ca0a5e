import net, { isIPv4 } from 'node:net';
import tls from 'node:tls';
import { dataSecureContext } from './ftpDataTls.ts';

/** The part of ftp-srv's passive connector this replacement uses. */
interface PassiveConnector {
  connection: {
    secure: boolean;
    commandSocket: net.Socket;
    reply(code: number, text: string): Promise<unknown>;
    close(): Promise<unknown>;
  };
  server: {
    options: { tls?: tls.SecureContextOptions | false };
    url: { hostname: string };
    getNextPasvPort(): Promise<number>;
    emit(event: string, payload: unknown): boolean;
  };
  log: { error(obj: object, msg: string): void };
  dataSocket: (net.Socket & { connected?: boolean }) | null;
  dataServer: net.Server | null;
  closeServer(): void;
  end(): void;
}

const CONNECT_TIMEOUT_MS = 30_000;
const plainAddress = (a: string | undefined) => (a ?? '').replace(/^::ffff:/, '');

/**
 * ftp-srv 4.6.3's passive data server under FTPS is a TLS server that counts the data connection
 * only once its handshake finished, and only then lets STOR answer 150. lftp (like some cameras)
 * starts the data connection's handshake after the 150, so every STOR waited 5 s for nothing and
 * got 425. This replacement accepts the TCP connection at once and wraps it in a TLSSocket whose
 * handshake runs while (or after) the 150 goes out; the bytes wait in the socket until STOR reads.
 */
function setupServer(this: PassiveConnector) {
  this.closeServer();
  return this.server.getNextPasvPort().then((port) => {
    this.dataSocket = null;
    let idle: NodeJS.Timeout | undefined;
    const secureOptions = this.connection.secure ? this.server.options.tls : false;
    const onConnection = (raw: net.Socket) => {
      if (plainAddress(raw.remoteAddress) !== plainAddress(this.connection.commandSocket.remoteAddress)) {
        raw.destroy();
        void this.connection.reply(550, 'Remote addresses do not match').then(() => this.connection.close());
        return;
      }
      clearTimeout(idle);
      const socket: net.Socket & { connected?: boolean } = secureOptions
        ? new tls.TLSSocket(raw, { isServer: true, secureContext: dataSecureContext(secureOptions) })
        : raw;
      this.dataSocket = socket;
      socket.on('error', (error) =>
        this.server.emit('client-error', { connection: this.connection, context: 'dataSocket', error }),
      );
      raw.on('error', () => undefined);
      socket.once('close', () => this.closeServer());
      socket.connected = true;
    };
    const server = net.createServer({ pauseOnConnect: true }, onConnection);
    server.maxConnections = 1;
    server.on('error', (error) =>
      this.server.emit('client-error', { connection: this.connection, context: 'dataServer', error }),
    );
    server.once('close', () => this.end());
    this.dataServer = server;
    return new Promise<net.Server>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, this.server.url.hostname, () => {
        server.removeListener('error', reject);
        idle = setTimeout(() => this.closeServer(), CONNECT_TIMEOUT_MS);
        idle.unref();
        resolve(server);
      });
    });
  });
}

/** The address a PASV reply announces for one FTP server, when one is fixed (FTP_PASV_URL). */
const fixedAddresses = new WeakMap<object, string | null>();

export function setPassiveAddress(server: object, fixed: string | null) {
  fixedAddresses.set(server, fixed);
}

/**
 * What a PASV reply announces: to a client on loopback, loopback (as ftp-srv did); else the fixed
 * address when one is configured (behind NAT the server cannot know its public address); else the
 * address this control connection reached the server at, the one the camera already knows works
 * (a camera on the LAN reached a LAN address, not `localhost`). PASV speaks IPv4 only: without an
 * IPv4 address the client is told to use EPSV.
 */
export function passiveAddress(o: {
  fixed: string | null;
  local: string | undefined;
  remote: string | undefined;
}) {
  const remote = plainAddress(o.remote);
  if (remote === '127.0.0.1') return remote;
  if (o.fixed) return o.fixed;
  const local = plainAddress(o.local);
  return isIPv4(local) ? local : null;
}

interface PasvConnection {
  server: object;
  commandSocket: net.Socket;
  connector: unknown;
  reply(code: number, text?: string): Promise<unknown>;
}

function handlePasv(
  this: PasvConnection,
  Connector: new (c: PasvConnection) => { setupServer(): Promise<net.Server> },
  { log }: { log: { error(e: unknown): void } },
) {
  const address = passiveAddress({
    fixed: fixedAddresses.get(this.server) ?? null,
    local: this.commandSocket.localAddress,
    remote: this.commandSocket.remoteAddress,
  });
  if (!address) return this.reply(502, 'Use EPSV');
  const connector = new Connector(this);
  this.connector = connector;
  return connector
    .setupServer()
    .then((server) => {
      const { port } = server.address() as net.AddressInfo;
      return this.reply(227, `PASV OK (${address.replace(/\./g, ',')},${(port / 256) | 0},${port % 256})`);
    })
    .catch((err: { code?: number; message?: string }) => {
      log.error(err);
      return this.reply(err.code ?? 425, err.message);
    });
}

export function patchPassive(
  passive: { prototype: { setupServer: unknown } },
  registry: Record<string, { handler: unknown }>,
) {
  passive.prototype.setupServer = setupServer;
  const Connector = passive as unknown as new (c: PasvConnection) => { setupServer(): Promise<net.Server> };
  registry.PASV!.handler = function (this: PasvConnection, args: { log: { error(e: unknown): void } }) {
    return handlePasv.call(this, Connector, args);
  };
}
