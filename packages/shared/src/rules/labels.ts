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

  // team settings page (spec 002 §2 Team Settings page)
  createTeam: 'Create Team',
  createTeamDescription: 'Create and manage teams, add and manage members',
  billingDetails: 'Billing Details',
  billingDetailsDescription: 'Add and manage billing information for invoices',
  appIntegration: 'App Integration',
  appIntegrationDescription: 'Connect third-party apps to your team',
  applications: 'Applications',
  integrationS3: 'Amazon S3',
  integrationS3Description: 'Bucket storage: import from and export to your S3 buckets',
  integrationContido: 'Contido',
  integrationContidoDescription: 'Marketing content: send assets to Contido',
  integrationSprinklr: 'Sprinklr',
  integrationSprinklrDescription: 'Social media management: share assets to Sprinklr campaigns',
  tabTeams: 'Teams',
  tabMembers: 'Members',
  columnName: 'Name',
  columnTeamId: 'Team ID',
  columnRegion: 'Region',
  columnMembers: 'Members',
  columnCreatedOn: 'Created On',
  columnAddedOn: 'Added On',
  columnTeam: 'Team',
  columnActions: 'Actions',
  memberCount: (n: number) => `${n} ${n === 1 ? 'Member' : 'Members'}`,
  moreTeams: (n: number) => `+${n} more`,
  teamsOf: (name: string) => `Teams of ${name}`,
  teamActions: (team: string) => `Actions for ${team}`,
  manageTeam: 'Manage Team',
  teamMembers: 'Team Members',
  deleteTeam: 'Delete Team',

  // create / manage team panel
  teamName: 'Team name',
  region: 'Region',
  members: 'Members',
  searchMembers: 'Search by name or type an email',
  searchMinHint: (n: number) => `Type at least ${n} characters`,
  inviteEmail: (email: string) => `Invite ${email}`,
  removeSelected: (name: string) => `Remove ${name} from the selection`,
  newMemberPermissions: 'Permissions for new members',
  create: 'Create',
  update: 'Update',
  save: 'Save',
  cancel: 'Cancel',
  remove: 'Remove',
  delete: 'Delete',
  addMembers: 'Add members',
  add: 'Add',
  teamTwoFactor: 'Two-factor authentication for the team',

  // team members and permissions panels
  teamAdmins: 'Team Admins',
  pendingInvites: 'Pending invites',
  pending: 'Pending',
  you: 'You',
  removeMember: (name: string) => `Remove ${name}`,
  memberPermissions: 'Permissions',
  permissionsOf: (name: string) => `Permissions of ${name}`,
  backToMembers: 'Back to members',
  removeMemberTitle: 'Remove member',
  removeMemberConfirm: (name: string) => `Remove ${name} from this team?`,

  // delete team dialog
  deleteTeamConfirm: (team: string) => `This permanently deletes ${team}. Type the team name to confirm.`,
  typeTeamName: 'Team name to confirm',

  // billing details panel
  companyName: 'Company name',
  billingAddress: 'Billing address',
  contactEmail: 'Contact email',
  alternateEmail: 'Alternate email',
  contactPerson: 'Contact person',
  placeOfSupply: 'Place of supply',
  gstNumber: 'GST number',
  panNumber: 'PAN number',
  optional: 'Optional',
} as const;
