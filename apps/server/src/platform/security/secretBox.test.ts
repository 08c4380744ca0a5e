import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, derivedSecretKey, parseSecretKeys, secretBoxFor } from './secretBox.ts';

const keyText = (version: string) => `${version}:${randomBytes(32).toString('base64')}`;

describe('secret box (AES-256-GCM, versioned keys)', () => {
  it('seals to text that does not contain the secret and opens back to it', () => {
    const box = secretBoxFor({}, 'a'.repeat(40));
    const sealed = box.seal('AKIA-very-secret-key');
    expect(sealed).not.toContain('very-secret');
    expect(sealed.startsWith('v0.')).toBe(true);
    expect(box.open(sealed)).toBe('AKIA-very-secret-key');
    expect(box.seal('same')).not.toBe(box.seal('same')); // fresh IV per value
  });

  it('refuses a tampered value, an unknown key version and a malformed one', () => {
    const box = createSecretBox(parseSecretKeys(keyText('v1')));
    const sealed = box.seal('secret');
    const [v, iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.open([v, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => box.open(sealed.replace(/^v1/, 'v9'))).toThrow(/unknown/);
    expect(() => box.open('nonsense')).toThrow();
    expect(() => box.open(`${sealed}.more`)).toThrow();
  });

  it('rotates: a new first key seals, the old one still opens, isCurrent tells which to re-seal', () => {
    const v1 = keyText('v1');
    const old = createSecretBox(parseSecretKeys(v1));
    const sealedOld = old.seal('rotate me');
    const rotated = createSecretBox(parseSecretKeys(`${keyText('v2')},${v1}`));
    expect(rotated.open(sealedOld)).toBe('rotate me');
    expect(rotated.isCurrent(sealedOld)).toBe(false);
    expect(rotated.isCurrent(rotated.seal('x'))).toBe(true);
  });

  it('parses SECRET_KEYS strictly without echoing a key', () => {
    expect(() => parseSecretKeys('v1:short')).toThrow(/entry 1/);
    expect(() => parseSecretKeys('')).toThrow(/no key/);
    const k = keyText('v1');
    expect(() => parseSecretKeys(`${k},${k}`)).toThrow(/repeats/);
    try {
      parseSecretKeys('v1:c2VjcmV0');
    } catch (error) {
      expect(String(error)).not.toContain('c2VjcmV0');
    }
  });

  it('derives the same v0 key from the same server secret (survives a restart)', () => {
    expect(derivedSecretKey('s'.repeat(40)).key.equals(derivedSecretKey('s'.repeat(40)).key)).toBe(true);
    expect(derivedSecretKey('s'.repeat(40)).key.equals(derivedSecretKey('t'.repeat(40)).key)).toBe(false);
  });
});
