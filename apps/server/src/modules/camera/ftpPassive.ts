import net from 'node:net';
import tls from 'node:tls';

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
        ? new tls.TLSSocket(raw, { isServer: true, secureContext: tls.createSecureContext(secureOptions) })
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

export function patchPassive(passive: { prototype: { setupServer: unknown } }) {
  passive.prototype.setupServer = setupServer;
}
