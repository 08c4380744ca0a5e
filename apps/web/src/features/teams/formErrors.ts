import type { z } from 'zod';
import { fieldErrorsOf } from '../../api/client.ts';

/** The first message per top-level field of a failed parse ('user_emails.0' counts as 'members'). */
export function errorsByField(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const head = String(issue.path[0] ?? '');
    const key = head === 'user_emails' || head === 'user_db_ids' ? 'members' : head;
    out[key] ??= issue.message;
  }
  return out;
}

/** Server field errors (data.errors) keyed the same way, or null when the error has none. */
export function serverErrorsByField(error: unknown): Record<string, string> | null {
  const errors = fieldErrorsOf(error);
  if (!errors) return null;
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const head = path.split('.')[0];
    out[head === 'user_emails' || head === 'user_db_ids' ? 'members' : head] ??= message;
  }
  return out;
}
