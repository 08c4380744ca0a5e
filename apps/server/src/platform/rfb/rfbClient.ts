import { createCipheriv } from 'node:crypto';

/**
 * The client side of RFB (VNC, RFC 6143): a byte reader over the stream and the VNC-password
 * handshake. Used by live collaboration's relay to the host's workstation and by the tests that
 * speak VNC to a workstation.
 */

export const RFB_VERSION = Buffer.from('RFB 003.008\n', 'latin1');
const SECURITY_VNC = 2;

/** Bytes of a stream read in order: `read(n)` resolves once n bytes are there. */
export class ByteReader {
  private buf: Buffer = Buffer.alloc(0);
  private waiting: (() => void) | null = null;
  private closed = false;

  push(chunk: Buffer) {
    this.buf = Buffer.concat([this.buf, chunk]);
    this.wake();
  }

  close() {
    this.closed = true;
    this.wake();
  }

  private wake() {
    const w = this.waiting;
    this.waiting = null;
    w?.();
  }

  async read(n: number): Promise<Buffer> {
    while (this.buf.length < n) {
      if (this.closed) throw new Error('the connection closed during the RFB handshake');
      await new Promise<void>((r) => (this.waiting = r));
    }
    const out = this.buf.subarray(0, n);
    this.buf = this.buf.subarray(n);
    return out;
  }

  /** What arrived after the handshake (handed on as is). */
  rest() {
    const out = this.buf;
    this.buf = Buffer.alloc(0);
    return out;
  }
}

/** VNC authentication: DES-ECB of the challenge keyed with the bit-reversed password. */
export function vncAuthResponse(password: string, challenge: Buffer) {
  const key = Buffer.alloc(8);
  Buffer.from(password, 'latin1').copy(key, 0, 0, 8);
  for (let i = 0; i < 8; i++) {
    let b = key[i]!;
    let r = 0;
    for (let j = 0; j < 8; j++) {
      r = (r << 1) | (b & 1);
      b >>= 1;
    }
    key[i] = r;
  }
  // single DES is 3DES with K1 = K2 = K3 (Node's OpenSSL 3 has no plain des-ecb)
  const cipher = createCipheriv('des-ede3-ecb', Buffer.concat([key, key, key]), null);
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(challenge), cipher.final()]);
}

/** The client side of the handshake towards the workstation, up to a successful SecurityResult. */
export async function authenticateUpstream(r: ByteReader, send: (b: Buffer) => void, password: string) {
  const version = (await r.read(12)).toString('latin1');
  if (!version.startsWith('RFB 003.')) throw new Error(`not an RFB server: ${JSON.stringify(version)}`);
  send(RFB_VERSION);
  const count = (await r.read(1))[0]!;
  if (count === 0) throw new Error('the VNC server refused the connection');
  const types = [...(await r.read(count))];
  if (!types.includes(SECURITY_VNC)) throw new Error(`no VNC authentication offered: ${types.join(',')}`);
  send(Buffer.from([SECURITY_VNC]));
  send(vncAuthResponse(password, await r.read(16)));
  if ((await r.read(4)).readUInt32BE(0) !== 0) throw new Error('VNC authentication failed');
}
