/**
 * Labels, headings and button texts of the screens (spec 002 §2, §3 where it names them; the rest
 * decided). Written once here so the web app and the end-to-end tests read the same words.
 */
export const UI = {
  // form labels
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  password: 'Password',
  existingPassword: 'Existing password',
  newPassword: 'New password',
  confirmNewPassword: 'Confirm new password',
  toggleVisibility: 'Show or hide characters',
  verificationCode: 'Verification code',
  verificationDigit: (n: number) => `Digit ${n}`,

  // buttons and links
  logIn: 'Log in',
  signUp: 'Sign up',
  sendResetLink: 'Send reset link',
  resetPassword: 'Reset password',
  verify: 'Verify',
  resendCode: 'Resend code',
  resendCodeIn: (countdown: string) => `Resend code in ${countdown}`,
  changePassword: 'Change Password',
  submit: 'Submit',
  home: 'Home',
  refresh: 'Refresh',
  back: 'Back',
  forgotPassword: 'Forgot password',
  mailOutbox: 'Mail outbox',
  backToLogin: 'Back to log in',

  // auth page headings
  loginTitle: 'Log in to your account',
  signupTitle: 'Create your account',
  verifyTitle: 'Email verification',
  verifying: 'Verifying your email address…',
  forgotTitle: 'Forgot password',
  resetTitle: 'Reset password',
  twoFactorTitle: 'Two-factor authentication',
  twoFactorHint: 'Enter the 6 digit code we sent to your email address.',
  signingOut: 'Signing out…',

  // dev outbox
  outboxTitle: 'Mail outbox',
  outboxDisabled: 'Outbox is disabled when SMTP is configured',
  outboxTo: 'To',

  // not found
  pageNotFound: 'Page not found',

  // top bar: team switcher and user menu (spec 002 §2)
  teamSwitcher: 'Team switcher',
  userMenu: 'User menu',
  myAccountSection: 'MY ACCOUNT',
  myTeamsSection: 'MY TEAMS',
  myAccount: 'My Account',
  teamMember: 'Team Member',
  admin: 'Admin',
  member: 'Member',
  subscription: 'Subscription',
  statistics: 'Statistics',
  showTeamLinks: (team: string) => `Show links of ${team}`,
  teamSettings: 'Team Settings',
  accountSettings: 'Account Settings',
  helpCenter: 'Help Center',
  signOut: 'Sign Out',
  version: (v: string) => `Version ${v}`,

  // home trays (spec 002 §2)
  welcome: (name: string) => `Welcome, ${name}`,
  trayMyTasks: 'My Tasks',
  trayAssignedTasks: 'Assigned Tasks',
  traySharedAssets: 'Shared Assets',
  trayMyProjects: 'My Projects',
  trayCollaboratedProjects: 'Collaborated Projects',

  // placeholder pages
  userGuide: 'User Guide',
  arrivesLater: 'This feature arrives in a later release.',

  // account settings panel (spec 002 §2 Account settings)
  profile: 'Profile',
  twoFactor: 'Two-factor authentication',
  twoFactorDialogTitle: 'Verify your email',
  upgradeLearnMore: 'Learn more',
} as const;
