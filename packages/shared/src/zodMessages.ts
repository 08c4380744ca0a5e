// `config`, not `z.config`: the web build treats `z.*` calls as pure (vite.config.ts) and would drop this one.
import { config } from 'zod';
import { MSG, charLimit } from './rules/messages.ts';

/**
 * zod's own texts never reach a user: any issue a schema gives no message of its own gets one of
 * ours. Missing (or null) → 'This field is required'; a string over its bound → 'The characters
 * limit is N'; anything else → 'Enter a valid value' (decided, docs/decisions/0017-security-hardening.md). Imported by the
 * package's entry and field builders, so the server and the web share it.
 */
config({
  customError: (issue) => {
    if (issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null)) {
      return MSG.required;
    }
    if (issue.code === 'too_big' && issue.origin === 'string' && typeof issue.maximum === 'number') {
      return charLimit(issue.maximum);
    }
    return MSG.invalidValue;
  },
});
