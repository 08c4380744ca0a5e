import { authRoutes } from '@rushes/shared/routes/auth';
import { call } from '../../api/client.ts';
import { useFormCall, type FormCallOptions } from '../../api/useFormCall.ts';

type Auth = typeof authRoutes;

/** Sign-up, login and password reset (spec 002 §7 auth); each page adds its own messages. */
export const useSignup = (options: FormCallOptions<Auth['signup']>) =>
  useFormCall(authRoutes.signup, options);
export const useLogin = (options: FormCallOptions<Auth['login']>) => useFormCall(authRoutes.login, options);
export const useForgotPassword = (options: FormCallOptions<Auth['forgotPassword']>) =>
  useFormCall(authRoutes.forgotPassword, options);
export const useResetPassword = (options: FormCallOptions<Auth['resetPassword']>) =>
  useFormCall(authRoutes.resetPassword, options);

/** The second login step: the e-mailed code (the code entry shows its own errors). */
export const sendLoginCode = (otp: string) => call(authRoutes.loginOtp, { otp });
export const resendLoginCode = async () => (await call(authRoutes.loginOtpResend, {})).message;
