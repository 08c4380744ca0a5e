import { MSG } from '@rushes/shared';
import { badRequest } from './errors.ts';

/** A keyset page's position: the sort value and the id of the last row shown, as an opaque string. */
export type TrayCursor = [string, string];
export const encodeCursor = (c: TrayCursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
export function decodeCursor(raw: string | undefined): TrayCursor | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === 'string')) return v as TrayCursor;
  } catch {
    // fall through
  }
  throw badRequest(MSG.somethingWentWrong);
}
