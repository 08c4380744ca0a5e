import { z } from 'zod';
import { MSG, addProductMessages } from '../rules/messages.ts';
import { DEVICE_MESSAGES, DEVICE_NAME_MAX, isUserCode, normalizeUserCode } from '../rules/deviceLogin.ts';
import { accessToken } from './camera.ts';

// The server's envelope passes these on from the schemas (a refused user code says why).
addProductMessages(Object.values(DEVICE_MESSAGES));

/** The program names its computer (its host name); kept as text, shown to the approving user. */
export const deviceStartBody = z.object({
  device_name: z
    .string()
    .trim()
    .min(1, MSG.required)
    .transform((s) =>
      s
        .replace(/[\p{Cc}\p{Cf}]/gu, '')
        .trim()
        .slice(0, DEVICE_NAME_MAX),
    )
    .pipe(z.string().min(1, MSG.required)),
});
export const deviceStartAnswer = z.object({
  /** the program's secret for polling (256 bits) */
  device_code: z.string(),
  /** what the user checks and types, 'WDJB-MJHT' */
  user_code: z.string(),
  /** the page to open, absolute on the origin the program reached */
  verification_uri: z.string(),
  /** the same page with the code filled in */
  verification_uri_complete: z.string(),
  expires_in: z.number(),
  interval: z.number(),
});
export type DeviceStartAnswer = z.infer<typeof deviceStartAnswer>;

export const deviceTokenBody = z.object({ device_code: z.string().min(1, MSG.required).max(200) });
export const deviceTokenAnswer = z.object({
  status: z.enum(['pending', 'slow_down', 'approved', 'denied', 'expired']),
  message: z.string(),
  /** seconds to wait before the next poll */
  interval: z.number(),
  /** the personal access token: once, with status 'approved' */
  token: z.string().optional(),
});
export type DeviceTokenAnswer = z.infer<typeof deviceTokenAnswer>;

/** A user code as typed ('wdjb mjht', 'WDJB-MJHT'), checked as its normal form. */
const userCode = z
  .string()
  .max(40)
  .transform(normalizeUserCode)
  .refine(isUserCode, DEVICE_MESSAGES.codeInvalid);
export const userCodeQuery = z.object({ user_code: userCode });
export const userCodeBody = z.object({ user_code: userCode });

export const deviceRequest = z.object({
  device_name: z.string(),
  requested_on: z.string(),
  expires_on: z.string(),
  address: z.string().nullable(),
});
export type DeviceRequest = z.infer<typeof deviceRequest>;
export const deviceApproveAnswer = z.object({ message: z.string(), access_token: accessToken });
