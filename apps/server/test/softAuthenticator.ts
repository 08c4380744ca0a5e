import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software passkey for server tests: one ES256 (P-256) credential, 'none' attestation, user
 * present and verified, discoverable (it answers with its user handle). It signs what a browser
 * would send: clientDataJSON, the CBOR attestation object, the authenticator data and a DER
 * signature over authData ‖ SHA-256(clientDataJSON). `counter` is the next signature count.
 */
export interface SoftAuthenticator {
  credentialId: string;
  counter: number;
  register(options: Record<string, unknown>, origin: string): RegistrationJSON;
  assert(options: Record<string, unknown>, origin: string, opts?: { counter?: number }): AssertionJSON;
}

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

function authData(rpId: string, flags: number, counter: number, attested?: Buffer) {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
}

function coseKey(publicKey: KeyObject) {
  const jwk = publicKey.export({ format: 'jwk' });
  const cose = new Map<number, number | Uint8Array>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, Buffer.from(jwk.x!, 'base64url')],
    [-3, Buffer.from(jwk.y!, 'base64url')],
  ]);
  return Buffer.from(isoCBOR.encode(cose));
}

const clientData = (type: string, challenge: unknown, origin: string) =>
  Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

export function createSoftAuthenticator(opts: { userVerified?: boolean } = {}): SoftAuthenticator {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credId = randomBytes(16);
  const uv = opts.userVerified === false ? 0 : FLAG_UV;
  let userHandle = '';

  const self: SoftAuthenticator = {
    credentialId: b64url(credId),
    counter: 1,
    register(options, origin) {
      const rp = options.rp as { id: string };
      userHandle = (options.user as { id: string }).id;
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credId.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, credId, coseKey(publicKey)]);
      const data = authData(rp.id, FLAG_UP | uv | FLAG_AT, 0, attested);
      const attestation = isoCBOR.encode(
        new Map<string, string | Uint8Array | Map<string, string>>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, string>()],
          ['authData', new Uint8Array(data)],
        ]),
      );
      return {
        id: b64url(credId),
        rawId: b64url(credId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, origin)),
          attestationObject: b64url(attestation),
          transports: ['internal'],
        },
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
      };
    },
    assert(options, origin, { counter } = {}) {
      const count = counter ?? self.counter++;
      const data = authData(String(options.rpId), FLAG_UP | uv, count);
      const cdj = clientData('webauthn.get', options.challenge, origin);
      const signature = sign('sha256', Buffer.concat([data, sha256(cdj)]), privateKey);
      return {
        id: b64url(credId),
        rawId: b64url(credId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(cdj),
          authenticatorData: b64url(data),
          signature: b64url(signature),
          userHandle,
        },
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
      };
    },
  };
  return self;
}

export interface RegistrationJSON {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string; attestationObject: string; transports: string[] };
  authenticatorAttachment: 'platform';
  clientExtensionResults: Record<string, never>;
}

export interface AssertionJSON {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string; authenticatorData: string; signature: string; userHandle: string };
  authenticatorAttachment: 'platform';
  clientExtensionResults: Record<string, never>;
}
