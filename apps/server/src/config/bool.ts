import { z } from 'zod';

/** A true/false variable ('true', 'false', '1', '0'), `fallback` when unset. */
export const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => (v === undefined ? fallback : v === 'true' || v === '1'));
