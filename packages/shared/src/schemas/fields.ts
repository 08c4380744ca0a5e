import { z } from 'zod';
import '../zodMessages.ts';
import { MSG, charLimit } from '../rules/messages.ts';
import { OTP_LENGTH, PASSWORD_MIN, TEXT_LIMIT } from '../rules/constants.ts';

/**
 * Field builders carrying the spec's messages (002 §5). Server routes and web forms use the same
 * schemas, so a rule and its text live here only.
 */
const requiredString = () => z.string({ error: MSG.required }).trim().min(1, MSG.required);

/** Required free text of at most `max` characters (default 100). */
export const text = (max = TEXT_LIMIT) => requiredString().max(max, charLimit(max));

const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;

export const email = () =>
  requiredString()
    .max(TEXT_LIMIT, MSG.charLimit100)
    .regex(EMAIL_PATTERN, MSG.invalidEmail)
    .transform((v) => v.toLowerCase());

/** 12+ characters with lowercase, uppercase, digit and symbol, at most 100. */
export const PASSWORD_PATTERN = new RegExp(
  `^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[^A-Za-z0-9]).{${PASSWORD_MIN},}$`,
);

/** Password values are trimmed (spec 002 §5) on every path: sign-up, login, reset, change. */
export const newPassword = () =>
  z
    .string({ error: MSG.required })
    .trim()
    .min(1, MSG.required)
    .max(TEXT_LIMIT, MSG.charLimit100)
    .regex(PASSWORD_PATTERN, MSG.passwordRule);

/** A password being checked (login, existing password): only required and bounded. */
export const anyPassword = () =>
  z.string({ error: MSG.required }).trim().min(1, MSG.required).max(TEXT_LIMIT, MSG.charLimit100);

export const otp = () =>
  z
    .string({ error: MSG.required })
    .min(1, MSG.required)
    .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), MSG.otpDigits);

export const token = () =>
  z.string({ error: MSG.required }).min(16, MSG.invalidLink).max(200, MSG.invalidLink);

export const uuid = () => z.uuid({ error: MSG.required });
