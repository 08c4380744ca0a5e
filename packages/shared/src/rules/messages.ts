/**
 * Every user-visible text of the product, written once. Spec texts are copied verbatim
 * (002 §5 and §8); texts the spec leaves open are decided in docs/decisions.md.
 */
export const MSG = {
  // spec 002 §8 fixed messages
  somethingWentWrong: 'Something went wrong',
  required: 'This field is required',
  invalidEmail: 'Enter valid email address',
  charLimit100: 'The characters limit is 100',
  passwordMismatch: 'Password does not match',
  noUserFound: 'No user found',
  noResultsFound: 'No Results Found.',
  noRecordFound: 'No Record Found',
  userCancelled: 'User has cancelled',
  // spec 002 §2 error page
  errorPageTitle: 'Something Went Wrong. Refresh this page or try again later.',
  // decided (docs/decisions.md): texts the spec does not show
  passwordRule:
    'Use 12 or more characters with an uppercase letter, a lowercase letter, a number and a symbol',
  otpDigits: 'Enter the 6 digit code',
  invalidCredentials: 'Invalid email or password',
  emailNotVerified: 'Please verify your email address. We have sent you a new verification link.',
  signupSent: 'We have sent a verification link to your email address.',
  emailVerified: 'Email verified successfully. You can log in now.',
  invalidLink: 'This link is invalid or has expired',
  forgotSent: 'If an account exists for this email, we have sent a password reset link.',
  passwordResetDone: 'Password updated successfully. Log in with your new password.',
  passwordChanged: 'Password changed successfully',
  wrongExistingPassword: 'Existing password is incorrect',
  samePassword: 'New password must be different from the existing password',
  otpSent: 'A verification code has been sent to your email',
  otpInvalid: 'Invalid code',
  otpExpired: 'This code has expired. Request a new code.',
  otpTooManyTries: 'Too many wrong attempts. Request a new code.',
  otpResendWait: 'Please wait before requesting another code',
  twoFactorEnabled: 'Two-factor authentication enabled',
  twoFactorDisabled: 'Two-factor authentication disabled',
  twoFactorForcedByTeam: 'Two-factor authentication is enforced by your team',
  loginAgain: 'Your session has expired. Please log in again.',
  twoFactorSessionExpired: 'Your login attempt has expired. Please log in again.',
  tooManyRequests: 'Too many requests. Please try again later.',
  missingApiHeaders: 'API-Type and API-Version headers are required',
  notFound: 'Not found',
  forbidden: 'You do not have permission to do this',
  loggedOut: 'You have been logged out',
  comingSoon: 'Coming Soon',
} as const;

/** Toast heads (spec 002 §8). */
export const TOAST_HEAD = { success: 'Success', error: 'Error', info: 'Info', warning: 'Warning' } as const;

/** Field-rule messages that include a number. */
export const charLimit = (n: number) => (n === 100 ? MSG.charLimit100 : `The characters limit is ${n}`);
