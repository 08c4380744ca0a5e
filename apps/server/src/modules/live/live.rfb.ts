import { RFB_VERSION, type ByteReader } from '../../platform/rfb/rfbClient.ts';

/**
 * The RFB (VNC, RFC 6143) pieces of the guest's view of the host's workstation. The
 * server is the VNC client towards the workstation (it answers the VNC password challenge), and a
 * VNC server without authentication towards the guest's browser; between the two it reads the
 * guest's messages one by one and drops the input ones while the guest only watches.
 */

const SECURITY_NONE = 1;

/** The server side towards the guest: RFB 3.8 with security type None (the guest has no password). */
export async function acceptDownstream(r: ByteReader, send: (b: Buffer) => void) {
  send(RFB_VERSION);
  const version = (await r.read(12)).toString('latin1');
  if (version !== RFB_VERSION.toString('latin1')) throw new Error(`unsupported RFB client ${version}`);
  send(Buffer.from([1, SECURITY_NONE]));
  if ((await r.read(1))[0] !== SECURITY_NONE) throw new Error('the viewer chose another security type');
  send(Buffer.from([0, 0, 0, 0]));
}

/** Client-to-server message types (RFC 6143 §7.5 and the extensions noVNC may send). */
const INPUT = new Set([4, 5, 6, 250, 251, 255]); // key, pointer, cut text, xvp, desktop size, QEMU key
const MAX_CUT_TEXT = 1024 * 1024;

/** The length of the message at the head of buf, or 0 when more bytes are needed; throws on unknown. */
function messageLength(buf: Buffer): number {
  const need = (n: number) => (buf.length >= n ? n : 0);
  switch (buf[0]) {
    case 0: // SetPixelFormat
      return need(20);
    case 2: // SetEncodings
      return buf.length < 4 ? 0 : need(4 + 4 * buf.readUInt16BE(2));
    case 3: // FramebufferUpdateRequest
      return need(10);
    case 4: // KeyEvent
      return need(8);
    case 5: // PointerEvent
      return need(6);
    case 6: {
      // ClientCutText (a negative length is the extended clipboard's)
      if (buf.length < 8) return 0;
      const len = Math.abs(buf.readInt32BE(4));
      if (len > MAX_CUT_TEXT) throw new Error('cut text too long');
      return need(8 + len);
    }
    case 150: // EnableContinuousUpdates
      return need(10);
    case 248: // ClientFence
      return buf.length < 9 ? 0 : need(9 + buf[8]!);
    case 250: // xvp
      return need(4);
    case 251: // SetDesktopSize
      return buf.length < 8 ? 0 : need(8 + 16 * buf[6]!);
    case 255: // QEMU: only the extended key event (subtype 0)
      if (buf.length < 2) return 0;
      if (buf[1] !== 0) throw new Error(`unsupported QEMU message ${buf[1]}`);
      return need(12);
    default:
      throw new Error(`unknown RFB client message ${buf[0]}`);
  }
}

/**
 * Reads the guest's stream after the handshake: ClientInit (forced to shared, so the host keeps
 * their own connection), then whole messages; input messages pass only while `allowInput`.
 */
export class GuestInputFilter {
  allowInput = false;
  dropped = 0;
  private pending: Buffer = Buffer.alloc(0);
  private initDone = false;

  /** Answers the bytes to forward to the workstation (throws on a message it does not know). */
  push(chunk: Buffer): Buffer {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    const out: Buffer[] = [];
    if (!this.initDone && this.pending.length) {
      this.initDone = true;
      out.push(Buffer.from([1])); // ClientInit: shared
      this.pending = this.pending.subarray(1);
    }
    for (;;) {
      if (!this.pending.length) break;
      const len = messageLength(this.pending);
      if (!len) break;
      const msg = this.pending.subarray(0, len);
      this.pending = this.pending.subarray(len);
      if (INPUT.has(msg[0]!) && !this.allowInput) this.dropped++;
      else out.push(msg);
    }
    return Buffer.concat(out);
  }
}
