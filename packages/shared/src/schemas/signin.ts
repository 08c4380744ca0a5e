import { z } from 'zod';
import { PASSKEY_NAME_MAX, SIGNIN_MSG } from '../rules/signinText.ts';
import { addProductMessages, MSG } from '../rules/messages.ts';
import { anyPassword, otp, text, uuid } from './fields.ts';

// The zod schemas of the signin routes (request bodies, queries, answers).

// The server's refusals on these routes are product texts (checked by the envelope fuzz test).
addProductMessages(Object.values(SIGNIN_MSG));

const b64url = z
  .string()
  .max(20_000)
  .regex(/^[A-Za-z0-9_-]*$/, SIGNIN_MSG.passkeyFailed);

/** The server reads no extension output; credProps is kept for what it says (discoverable). */
const extensionResults = z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() });

/** What @simplewebauthn/browser's startRegistration answers (RegistrationResponseJSON), the fields used. */
export const webauthnRegistration = z.object({
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url,
    attestationObject: b64url,
    transports: z.array(z.string().max(40)).max(10).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: extensionResults,
});

/** What startAuthentication answers (AuthenticationResponseJSON). */
export const webauthnAssertion = z.object({
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url,
    authenticatorData: b64url,
    signature: b64url,
    userHandle: b64url.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: extensionResults,
});

/** Options for navigator.credentials (the library's JSON), with the id of the stored challenge. */
export const webauthnOptions = z.object({
  challenge_id: z.uuid(),
  options: z.record(z.string(), z.unknown()),
});

export const passkeyLoginBody = z.object({
  challenge_id: uuid(),
  response: webauthnAssertion,
  /** From a team invitation link: joins the team once signed in (the password login's field). */
  invite_code: z.string().max(200).optional(),
});
export const passkeyRegisterBody = z.object({
  challenge_id: uuid(),
  response: webauthnRegistration,
  name: text(PASSKEY_NAME_MAX).optional(),
});
export const passkeyRenameBody = z.object({ passkey_id: uuid(), name: text(PASSKEY_NAME_MAX) });
export const passkeyRemoveBody = z.object({ passkey_id: uuid() });

/** "Confirm it's you": the account's password (checked like a sign-in). */
export const reauthPasswordBody = z.object({
  password: anyPassword(),
});
export const reauthPasskeyBody = z.object({ challenge_id: uuid(), response: webauthnAssertion });
/** Until when the session may change how its user signs in without being asked again. */
export const reauthAnswer = z.object({ message: z.string(), until: z.string() });
/** The data of the refusal when that window has lapsed: the web asks "Confirm it's you", then retries. */
export const reauthRequiredData = z.object({ reauth_required: z.literal(true) });

export const totpCodeBody = z.object({ code: otp() });
export const recoveryCodeBody = z.object({
  code: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(40, SIGNIN_MSG.recoveryInvalid),
});

export const secondFactors = z.object({
  passkey: z.boolean(),
  totp: z.boolean(),
  recovery: z.boolean(),
});

export const passkeyItem = z.object({
  passkey_id: z.uuid(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  synced: z.boolean(),
});
export type PasskeyItem = z.output<typeof passkeyItem>;

export const securityOverview = z.object({
  passkeys: z.array(passkeyItem),
  authenticator: z.object({ added_at: z.string() }).nullable(),
  recovery: z.object({ remaining: z.number().int(), created_at: z.string() }).nullable(),
  /** the account's two-factor (own toggle or a team's) is on */
  two_factor_on: z.boolean(),
});
export type SecurityOverview = z.output<typeof securityOverview>;

export const totpSetup = z.object({
  /** base32, for entering by hand */
  secret: z.string(),
  otpauth_url: z.string(),
  /** an SVG QR code of otpauth_url as a data: URL */
  qr_data_url: z.string(),
  digits: z.number().int(),
});

export const recoveryCodesAnswer = z.object({ codes: z.array(z.string()), message: z.string() });
