import { ROUTES } from '@rushes/shared';
import { call } from '../../api/client.ts';
import { mutationHook } from '../../api/mutation.ts';

/** Sign-up, login and password reset (spec 002 §7 auth); each page adds its own messages. */
export const useSignup = mutationHook(ROUTES.auth.signup);
export const useLogin = mutationHook(ROUTES.auth.login);
export const useForgotPassword = mutationHook(ROUTES.auth.forgotPassword);
export const useResetPassword = mutationHook(ROUTES.auth.resetPassword);

/** The second login step: the e-mailed code (the code entry shows its own errors). */
export const sendLoginCode = (otp: string) => call(ROUTES.auth.loginOtp, { otp });
export const resendLoginCode = async () => (await call(ROUTES.auth.loginOtpResend, {})).message;
