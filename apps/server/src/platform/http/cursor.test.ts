import { describe, expect, it } from 'vitest';
import { decodeCursor, decodeKeyset, encodeCursor, encodeKeyset, isCursorId, readKeyset } from './cursor.ts';

const ID = '0b6f1c1e-3c1a-4d57-9a55-8e2f3f7e1a01';

describe('keyset cursors', () => {
  it('round-trip a tray position', () => {
    const raw = encodeCursor(['2026-11-24T10:00:00.000Z', ID]);
    expect(raw).toMatch(/^[\w-]+$/);
    expect(decodeCursor(raw)).toEqual(['2026-11-24T10:00:00.000Z', ID]);
  });

  it('answer null without a cursor and 400 for one that is not of this list', () => {
    expect(decodeCursor(undefined)).toBeNull();
    expect(decodeCursor('')).toBeNull();
    for (const raw of ['not-base64-json', encodeKeyset([1, 2]), encodeKeyset(['a', 'b', 'c'])]) {
      expect(() => decodeCursor(raw)).toThrow(expect.objectContaining({ status: 400 }));
    }
    const isTriple = (v: unknown[]): v is [boolean, string, string] =>
      v.length === 3 && typeof v[0] === 'boolean' && isCursorId(v[2]);
    expect(decodeKeyset(encodeKeyset([true, 'a', ID]), isTriple)).toEqual([true, 'a', ID]);
    expect(() => decodeKeyset(encodeKeyset([true, 'a', 'x; drop table']), isTriple)).toThrow();
  });

  it('read only JSON arrays back', () => {
    expect(readKeyset(Buffer.from('{"a":1}').toString('base64url'))).toBeNull();
    expect(readKeyset('%%%')).toBeNull();
    expect(readKeyset(encodeKeyset(['x']))).toEqual(['x']);
  });
});
