import net, { type Socket } from 'node:net';
import tls from 'node:tls';

/**
 * The TLS of FTPS data connections stops at 1.2. A TLS 1.3 server sends its session tickets after
 * the handshake; an uploading client that never reads its data connection (lftp, many cameras)
 * closes it with those tickets unread, and a TCP close with unread input is a reset that throws
 * away whatever of the file was still in the client's send buffer (lftp with TLS 1.3: 550 read
 * ECONNRESET, most of a 30 MB clip lost). OpenSSL's remedy, no tickets (SSL_CTX_set_num_tickets
 * 0), is not reachable from Node; under 1.2 the ticket is part of the handshake the client reads.
 * The control connection, which the client does read, keeps TLS 1.3.
 */
const dataContexts = new WeakMap<tls.SecureContextOptions, tls.SecureContext>();
export function dataSecureContext(options: tls.SecureContextOptions): tls.SecureContext {
  let context = dataContexts.get(options);
  if (!context) {
    context = tls.createSecureContext({ ...options, maxVersion: 'TLSv1.2' });
    dataContexts.set(options, context);
  }
  return context;
}

interface ActiveConnector {
  connection: { secure: boolean; commandSocket: Socket };
  server: { options: { tls?: tls.SecureContextOptions | false }; emit(e: string, p: unknown): boolean };
  dataSocket: (Socket & { connected?: boolean }) | null;
}

/** ftp-srv's active (PORT/EPRT) data connection, with the data connection's TLS (dataSecureContext). */
function setupActiveConnection(
  this: ActiveConnector,
  SocketError: new (message: string, code: number) => Error,
  host: string,
  port: number,
  family = 4,
) {
  this.dataSocket?.destroy();
  const remote = (this.connection.commandSocket.remoteAddress ?? '').replace(/^::ffff:/, '');
  if (remote !== host.replace(/^::ffff:/, '')) {
    return Promise.reject(new SocketError('The given address is not yours', 500));
  }
  const raw: Socket & { connected?: boolean } = new net.Socket();
  this.dataSocket = raw;
  raw.on('error', (error) =>
    this.server.emit('client-error', { connection: this.connection, context: 'dataSocket', error }),
  );
  raw.connect({ host, port, family }, () => {
    raw.pause();
    const options = this.server.options.tls;
    const socket: Socket & { connected?: boolean } =
      this.connection.secure && options
        ? new tls.TLSSocket(raw, { isServer: true, secureContext: dataSecureContext(options) })
        : raw;
    socket.connected = true;
    this.dataSocket = socket;
  });
  return Promise.resolve();
}

export function patchActive(
  active: { prototype: { setupConnection: unknown } },
  errors: { SocketError: new (message: string, code: number) => Error },
) {
  active.prototype.setupConnection = function (
    this: ActiveConnector,
    host: string,
    port: number,
    family?: number,
  ) {
    return setupActiveConnection.call(this, errors.SocketError, host, port, family);
  };
}
