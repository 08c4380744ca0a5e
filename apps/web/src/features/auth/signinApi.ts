import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { SIGNIN_MSG } from '@rushes/shared';
import { signinRoutes } from '@rushes/shared/routes/signin';
import { ApiError, call } from '../../api/client.ts';

export { passkeysAvailable } from './webauthnSupport.ts';

/**
 * The WebAuthn helper library, loaded when a passkey is used: the login page is the first screen of
 * most visits, and its first load has a budget (docs/decisions/0030-web-first-load.md).
 */
const webauthn = () => import('@simplewebauthn/browser');

/** A refusal or cancel in the browser's own dialog, as one readable message. */
function browserError(error: unknown): never {
  if (error instanceof ApiError) throw error;
  // the library's WebAuthnError keeps the browser's DOMException as its cause
  const failure = error as (Error & { cause?: unknown }) | undefined;
  const name = (failure?.cause as Error | undefined)?.name ?? failure?.name;
  const cancelled = name === 'NotAllowedError' || name === 'AbortError';
  throw new ApiError(cancelled ? SIGNIN_MSG.passkeyCancelled : SIGNIN_MSG.passkeyFailed, 400, null, 400, '');
}

export async function signPasskey(options: Record<string, unknown>) {
  try {
    const { startAuthentication } = await webauthn();
    return await startAuthentication({
      optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
    });
  } catch (error) {
    browserError(error);
  }
}

export async function createPasskey(options: Record<string, unknown>) {
  try {
    const { startRegistration } = await webauthn();
    return await startRegistration({
      optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
    });
  } catch (error) {
    browserError(error);
  }
}

/** Sign-in by passkey alone (the login page). */
export async function signInWithPasskey(inviteCode?: string) {
  const { challenge_id, options } = await call(signinRoutes.passkeyLoginOptions, {});
  const response = await signPasskey(options);
  return call(signinRoutes.passkeyLogin, {
    challenge_id,
    response,
    ...(inviteCode && { invite_code: inviteCode }),
  });
}

/** The second step by passkey (the /2fa page). */
export async function secondStepWithPasskey() {
  const { challenge_id, options } = await call(signinRoutes.secondPasskeyOptions, {});
  const response = await signPasskey(options);
  return call(signinRoutes.secondPasskey, { challenge_id, response });
}

export const secondFactors = () => call(signinRoutes.secondFactors, {});
export const secondStepWithTotp = (code: string) => call(signinRoutes.secondTotp, { code });
export const secondStepWithRecovery = (code: string) => call(signinRoutes.secondRecovery, { code });
