import { z } from 'zod';
import { MSG } from '../rules/messages.ts';
import { TEXT_LIMIT } from '../rules/constants.ts';
import { anyPassword, email, newPassword, otp, text, token, uuid } from './fields.ts';

export const signupBody = z.object({
  first_name: text(),
  last_name: text(),
  email: email(),
  password: newPassword(),
  /** From a team invitation link: joins the team, and proves the mailbox (no separate verification). */
  invite_code: z.string().max(200).optional(),
});
export type SignupBody = z.infer<typeof signupBody>;

export const loginBody = z.object({
  email: email(),
  password: anyPassword(),
  /** From a team invitation link: joins the team once logged in. */
  invite_code: z.string().max(200).optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const loginResult = z.object({ two_factor_required: z.boolean() });

export const loginOtpBody = z.object({ otp: otp() });

export const verifyEmailQuery = z.object({ token: token() });

export const forgotPasswordBody = z.object({ email: email() });

type PasswordPair = { new_password: string; confirm_new_password: string };

/** Two passwords that must match: the confirm field carries 'Password does not match'. */
const withConfirm = <T extends z.ZodRawShape>(shape: T) =>
  z
    .object({ ...shape, new_password: newPassword(), confirm_new_password: anyPassword() })
    .refine((v) => (v as PasswordPair).new_password === (v as PasswordPair).confirm_new_password, {
      message: MSG.passwordMismatch,
      path: ['confirm_new_password'],
    });

export const resetPasswordBody = withConfirm({ token: token() });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

export const changePasswordBody = withConfirm({
  firstname: z.string().max(TEXT_LIMIT, MSG.charLimit100).optional(),
  lastname: z.string().max(TEXT_LIMIT, MSG.charLimit100).optional(),
  existing_password: anyPassword(),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const twoFactorScope = z.enum(['account', 'team']);

export const twoFactorSendBody = z.object({
  scope: twoFactorScope,
  team_id: uuid().optional(),
});
export type TwoFactorSendBody = z.infer<typeof twoFactorSendBody>;

export const twoFactorVerifyBody = z.object({
  scope: twoFactorScope,
  team_id: uuid().optional(),
  team_db_id: uuid().optional(),
  otp: otp(),
  two_factor_authentication_enabled: z.boolean(),
});
export type TwoFactorVerifyBody = z.infer<typeof twoFactorVerifyBody>;
