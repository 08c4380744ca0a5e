import { MSG } from '@rushes/shared';
import { badRequest } from './errors.ts';

/**
 * Keyset cursors (one codec for every list): a page's position — the sort values and the
 * id of the last row shown — as base64url JSON, opaque to clients. Each list checks the shape it
 * reads back with its own guard.
 */
export const encodeKeyset = (values: readonly unknown[]) =>
  Buffer.from(JSON.stringify(values)).toString('base64url');

/** The JSON array inside a cursor, or null when `raw` is not one of ours. */
export function readKeyset(raw: string): unknown[] | null {
  try {
    const v = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown;
    return Array.isArray(v) ? v : null;
  } catch {
    return null;
  }
}

/** An id inside a cursor: uuid-shaped, so a forged cursor never reaches a ::uuid cast. */
export const isCursorId = (v: unknown): v is string => typeof v === 'string' && /^[0-9a-f-]{36}$/i.test(v);

/**
 * Reads a cursor back with `guard`: null without a cursor, 400 'Something went wrong' for one that is
 * not a cursor of this list.
 */
export function decodeKeyset<T>(
  raw: string | undefined,
  guard: (v: unknown[]) => v is unknown[] & T,
): T | null {
  if (!raw) return null;
  const v = readKeyset(raw);
  if (v && guard(v)) return v;
  throw badRequest(MSG.somethingWentWrong);
}

/** A keyset page's position: the sort value and the id of the last row shown, as an opaque string. */
export type TrayCursor = [string, string];
export const encodeCursor = (c: TrayCursor) => encodeKeyset(c);
export const decodeCursor = (raw: string | undefined): TrayCursor | null =>
  decodeKeyset(raw, (v): v is TrayCursor => v.length === 2 && v.every((x) => typeof x === 'string'));
