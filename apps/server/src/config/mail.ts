import { z } from 'zod';
import { bool } from './bool.ts';

export const mail = {
  SMTP_URL: z
    .string()
    .optional()
    .describe('e.g. `smtps://user:pass@smtp.example.com:465`; set = real mail (and no `/outbox`)'),
  MAIL_FROM: z.string().default('Rushes <no-reply@rushes.local>').describe('sender'),
  MAIL_OUTBOX: z.enum(['true', 'false', '1', '0']).optional().meta({
    default: 'on without SMTP on a localhost `PUBLIC_URL`',
    description:
      'serve the stored mails at `/outbox`, the readable dev outbox (`true`/`false`; never with `SMTP_URL`)',
  }),
  MAIL_OUTBOX_REMOTE: bool(false).describe(
    'let other machines read `/outbox` (a demo host); off, only loopback clients may: the socket and every forwarded hop',
  ),
};
