import { z } from 'zod';
import { messageData } from '../envelope.ts';
import { SIGNIN_API } from '../signinPaths.ts';
import {
  passkeyItem,
  passkeyLoginBody,
  passkeyRegisterBody,
  passkeyRemoveBody,
  passkeyRenameBody,
  recoveryCodeBody,
  reauthAnswer,
  reauthPasskeyBody,
  reauthPasswordBody,
  recoveryCodesAnswer,
  secondFactors,
  securityOverview,
  totpCodeBody,
  totpSetup,
  webauthnOptions,
} from '../schemas/signin.ts';
import { defineRoutes } from './define.ts';

const empty = z.object({}).nullish();

/**
 * Passkeys (a first factor alone, or a second one), authenticator-app codes and recovery codes: the
 * login's other second steps beside the e-mailed code, and the account's Security section.
 */
export const signinRoutes = defineRoutes('signin', {
  passkeyLoginOptions: {
    method: 'POST',
    path: SIGNIN_API.passkeyLoginOptions,
    body: empty,
    response: webauthnOptions,
    public: true,
  },
  passkeyLogin: {
    method: 'POST',
    path: SIGNIN_API.passkeyLogin,
    body: passkeyLoginBody,
    response: messageData,
    public: true,
  },
  secondFactors: {
    method: 'GET',
    path: SIGNIN_API.secondFactors,
    response: secondFactors,
    policy: 'self',
    pending2fa: true,
  },
  secondPasskeyOptions: {
    method: 'POST',
    path: SIGNIN_API.secondPasskeyOptions,
    body: empty,
    response: webauthnOptions,
    policy: 'self',
    pending2fa: true,
  },
  secondPasskey: {
    method: 'POST',
    path: SIGNIN_API.secondPasskey,
    body: passkeyLoginBody,
    response: messageData,
    policy: 'self',
    pending2fa: true,
  },
  secondTotp: {
    method: 'POST',
    path: SIGNIN_API.secondTotp,
    body: totpCodeBody,
    response: messageData,
    policy: 'self',
    pending2fa: true,
  },
  secondRecovery: {
    method: 'POST',
    path: SIGNIN_API.secondRecovery,
    body: recoveryCodeBody,
    response: messageData,
    policy: 'self',
    pending2fa: true,
  },
  security: { method: 'GET', path: SIGNIN_API.security, response: securityOverview, policy: 'self' },
  passkeyRegisterOptions: {
    method: 'POST',
    path: SIGNIN_API.passkeyRegisterOptions,
    body: empty,
    response: webauthnOptions,
    policy: 'self',
  },
  addPasskey: {
    method: 'POST',
    path: SIGNIN_API.passkeys,
    body: passkeyRegisterBody,
    response: passkeyItem,
    policy: 'self',
  },
  renamePasskey: {
    method: 'PUT',
    path: SIGNIN_API.passkeys,
    body: passkeyRenameBody,
    response: messageData,
    policy: 'self',
  },
  removePasskey: {
    method: 'DELETE',
    path: SIGNIN_API.passkeys,
    body: passkeyRemoveBody,
    response: messageData,
    policy: 'self',
  },
  totpSetup: { method: 'POST', path: SIGNIN_API.totpSetup, body: empty, response: totpSetup, policy: 'self' },
  totpConfirm: {
    method: 'POST',
    path: SIGNIN_API.totp,
    body: totpCodeBody,
    response: messageData,
    policy: 'self',
  },
  totpRemove: { method: 'DELETE', path: SIGNIN_API.totp, body: empty, response: messageData, policy: 'self' },
  createRecoveryCodes: {
    method: 'POST',
    path: SIGNIN_API.recoveryCodes,
    body: empty,
    response: recoveryCodesAnswer,
    policy: 'self',
  },
  reauthPassword: {
    method: 'POST',
    path: SIGNIN_API.reauthPassword,
    body: reauthPasswordBody,
    response: reauthAnswer,
    policy: 'self',
  },
  reauthPasskeyOptions: {
    method: 'POST',
    path: SIGNIN_API.reauthPasskeyOptions,
    body: empty,
    response: webauthnOptions,
    policy: 'self',
  },
  reauthPasskey: {
    method: 'POST',
    path: SIGNIN_API.reauthPasskey,
    body: reauthPasskeyBody,
    response: reauthAnswer,
    policy: 'self',
  },
});
