import { authRoutes } from '@rushes/shared/routes/auth';
import { call } from '../../api/client.ts';
import { mutationHook } from '../../api/mutation.ts';

/** Sign-up, login and password reset (spec 002 §7 auth); each page adds its own messages. */
export const useSignup = mutationHook(authRoutes.signup);
export const useLogin = mutationHook(authRoutes.login);
export const useForgotPassword = mutationHook(authRoutes.forgotPassword);
export const useResetPassword = mutationHook(authRoutes.resetPassword);

/** The second login step: the e-mailed code (the code entry shows its own errors). */
export const sendLoginCode = (otp: string) => call(authRoutes.loginOtp, { otp });
export const resendLoginCode = async () => (await call(authRoutes.loginOtpResend, {})).message;
