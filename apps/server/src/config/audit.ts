import { z } from 'zod';

export const audit = {
  AUDIT_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .default(365)
    .describe(
      'audit log entries older than this many days are deleted by a daily purge (the only way an entry ever goes)',
    ),
};
