import { createRequire } from 'node:module';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import tls from 'node:tls';
import type { Socket } from 'node:net';
import type { Config } from '../../config.ts';
import { patchActive } from './ftpDataTls.ts';
import { patchPassive } from './ftpPassive.ts';

interface FtpConnectionLike {
  server: { options: { tls?: tls.SecureContextOptions | false } };
  secure: boolean;
  commandSocket: Socket;
  reply(code: number, message?: string): Promise<unknown>;
}

/**
 * ftp-srv 4.6.3's AUTH TLS replies 234 and only then wraps the socket, so a client's ClientHello
 * can arrive while the plain socket still flows into the command parser (DESIGN §8: 15 of 40 `curl
 * --ssl-reqd` uploads failed). This handler pauses the socket first, moves the command parser's
 * 'data' listener off the plain socket (else it also reads the raw TLS records), replies 234, then
 * wraps it in a TLSSocket that feeds the parser and forwards its other events to the plain socket.
 */
function handleAuthTls(this: FtpConnectionLike, { command }: { command: { arg: string | null } }) {
  if ((command.arg ?? '').toUpperCase() !== 'TLS') return this.reply(504);
  const options = this.server.options.tls;
  if (!options) return this.reply(502);
  if (this.secure) return this.reply(202);
  const plain = this.commandSocket;
  // The command parser must never see the raw TLS records: its listeners move to the TLS socket.
  plain.pause();
  const parsers = plain.listeners('data') as ((...args: unknown[]) => void)[];
  plain.removeAllListeners('data');
  return this.reply(234).then(() => {
    const secureSocket = new tls.TLSSocket(plain, {
      isServer: true,
      secureContext: tls.createSecureContext(options),
    });
    for (const parse of parsers) secureSocket.on('data', parse);
    for (const event of ['timeout', 'end', 'close', 'drain', 'error']) {
      secureSocket.on(event, (...args: unknown[]) => plain.emit(event, ...args));
    }
    this.commandSocket = secureSocket;
    this.secure = true;
    secureSocket.resume();
  });
}

let patched = false;
/** Replaces ftp-srv's AUTH and PASV handlers and its data connections (once per process: ftp-srv's module state). */
export function patchAuthTls() {
  if (patched) return;
  const require = createRequire(import.meta.url);
  const registry = require('ftp-srv/src/commands/registry.js') as Record<string, { handler: unknown }>;
  registry.AUTH.handler = handleAuthTls;
  patchPassive(
    require('ftp-srv/src/connector/passive.js') as { prototype: { setupServer: unknown } },
    registry,
  );
  patchActive(
    require('ftp-srv/src/connector/active.js') as { prototype: { setupConnection: unknown } },
    require('ftp-srv/src/errors.js') as { SocketError: new (message: string, code: number) => Error },
  );
  patched = true;
}

/**
 * The FTPS certificate: FTP_TLS_CERT/FTP_TLS_KEY (PEM files) when set, else a self-signed pair made
 * once into DATA_DIR/ftp-tls (cameras that check certificates need a real one: docs/decisions/0026-camera-to-edit.md).
 */
export async function ftpTlsOptions(config: Config, host: string): Promise<tls.SecureContextOptions> {
  if (config.FTP_TLS_CERT && config.FTP_TLS_KEY) {
    return { cert: await readFile(config.FTP_TLS_CERT), key: await readFile(config.FTP_TLS_KEY) };
  }
  const dir = path.join(config.DATA_DIR, 'ftp-tls');
  const certPath = path.join(dir, 'cert.pem');
  const keyPath = path.join(dir, 'key.pem');
  try {
    return { cert: await readFile(certPath), key: await readFile(keyPath) };
  } catch {
    const { generate } = await import('selfsigned');
    const pems = await generate([{ name: 'commonName', value: host }], {
      notAfterDate: new Date(Date.now() + 3650 * 86_400_000),
      keySize: 2048,
    });
    await mkdir(dir, { recursive: true });
    await writeFile(keyPath, pems.private, { mode: 0o600 });
    await writeFile(certPath, pems.cert);
    return { cert: pems.cert, key: pems.private };
  }
}
