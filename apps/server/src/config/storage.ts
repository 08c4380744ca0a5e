import { z } from 'zod';

export const storage = {
  DATA_DIR: z.string().default('./data').describe('PGlite data (`pg/`), blobs, generated secret'),
  DATABASE_URL: z
    .string()
    .optional()
    .describe('PostgreSQL connection string; unset = PGlite in `DATA_DIR/pg`'),
  REDIS_URL: z
    .string()
    .optional()
    .describe('Redis for the Socket.IO adapter and shared rate limits (needed with more than one API node)'),
};
