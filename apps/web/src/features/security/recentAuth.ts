import { ApiError } from '../../api/client.ts';

/**
 * "Confirm it's you": a change of how one signs in is refused (403, data `reauth_required`) once the
 * session's recent-authentication window has lapsed. `withRecentAuth` then asks (the dialog that
 * ConfirmIdentityDialog registers) and, once confirmed, runs the change again.
 */
type Ask = () => Promise<boolean>;
let ask: Ask | null = null;

/** The mounted dialog registers how to ask; null when it unmounts. */
export function setIdentityAsker(next: Ask | null) {
  ask = next;
}

export const isReauthRequired = (error: unknown) =>
  error instanceof ApiError &&
  error.status === 403 &&
  typeof error.data === 'object' &&
  error.data !== null &&
  (error.data as { reauth_required?: unknown }).reauth_required === true;

/** Runs the change; when the server asks who is at the keyboard, asks, then runs it once more. */
export async function withRecentAuth<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    // Cancelled, or no dialog on this screen: the refusal itself says what is needed.
    if (!isReauthRequired(error) || !ask || !(await ask())) throw error;
    return change();
  }
}
