/**
 * Every user-visible text of the product, written once. Spec texts are copied verbatim
 * (002 §5 and §8); texts the spec leaves open are decided in docs/decisions/README.md.
 */
import { BILLING_MSG } from '../billing/text.ts';
import { CAMERA_MESSAGES } from './cameraBasics.ts';
import { PUBLIC_MSG } from './publicText.ts';
import { SHARE_MESSAGES } from './sharing.ts';

export const MSG = {
  ...BILLING_MSG,
  ...SHARE_MESSAGES,
  ...CAMERA_MESSAGES,
  ...PUBLIC_MSG,
  // spec 002 §8 fixed messages
  required: 'This field is required',
  invalidEmail: 'Enter valid email address',
  charLimit100: 'The characters limit is 100',
  passwordMismatch: 'Password does not match',
  noUserFound: 'No user found',
  noResultsFound: 'No Results Found.',
  userCancelled: 'User has cancelled',
  noPermissionsFound: 'No permissions found',
  fetchTeamMembersFailed: 'Something went wrong while fetching team members',
  teamNameTooLong: 'Name should be less than 30 characters',
  removeSpecialCharacters: 'Remove special characters',
  removeBlankSpace: 'Remove blank space',
  teamNameMismatch: 'Team name doesn’t match',
  detailsUpdated: 'Details updated successfully',
  membersAdded: 'Members added successfully',
  memberRemoved: 'Member removed successfully',
  permissionsUpdated: 'Permissions updated successfully',
  deletedUser: 'Deleted user successfully',
  inviteSent: 'Invite sent successfully',
  // decided (docs/decisions/0002-accounts-and-sessions.md): texts the spec does not show
  passwordRule:
    'Use 12 or more characters with an uppercase letter, a lowercase letter, a number and a symbol',
  otpDigits: 'Enter the 6 digit code',
  invalidCredentials: 'Invalid email or password',
  emailNotVerified: 'Please verify your email address. We have sent you a new verification link.',
  signupSent: 'We have sent a verification link to your email address.',
  emailVerified: 'Email verified successfully. You can log in now.',
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
  forbidden: 'You do not have permission to do this',
  outboxLocalOnly: 'The mail outbox is only readable from the machine the server runs on',
  loggedOut: 'You have been logged out',
  comingSoon: 'Coming Soon',
  teamCreated: 'Team created successfully',
  teamUpdated: 'Team updated successfully',
  teamDeleted: 'Team deleted successfully',
  cannotRemoveSelf: 'You cannot remove yourself from the team',
  cannotRemoveCreator: 'The team creator cannot be removed',
  personalTeamLocked: 'Your personal account cannot be changed here',
  alreadyMember: 'Already a member',
  inviteInvalid: 'This invitation is invalid or has expired',
  inviteAccepted: 'You have joined the team',
  noTeamAccess: 'You are not a member of this team',
  upgradeTitle: 'Upgrade your plan',
  upgradeTeamLimit: 'You have reached the number of teams your plan allows.',
  upgradeCollaboratorLimit: 'This team has reached the number of members its plan allows.',
  upgradeSubTitle: 'Upgrade to a higher plan to add more.',
  upgradeButton: 'Upgrade Plan',
  manageTeamTitle: 'Your team plan is ready',
  manageTeamMessage: 'Invite your team members and set their permissions.',
  manageTeamLink: 'Manage',
  // projects and assets (spec 000 §5, §8; 002 §5, §8; decided where marked in docs/decisions/0006-projects-and-assets.md)
  projectCreated: 'Project created successfully',
  projectDeleted: 'Project deleted successfully',
  projectUpdated: 'Project updated successfully',
  folderCreated: 'Folder created successfully',
  assetDeleted: 'Asset deleted successfully',
  assetsCopied: 'Assets copied successfully',
  assetsMoved: 'Assets moved successfully',
  collaboratorsUpdated: 'Collaborators updated successfully',
  badgeUpdated: 'Badge updated successfully',
  noSpecialCharacters: 'no special characters',
  keywordsLimit: 'Keywords max character limit is 100',
  folderNameLimit: 'Folder name must be 100 characters or fewer',
  badgeLimit: 'Badge must be 30 characters or fewer',
  noProjectAccess: 'You are not a member of this project',
  projectNotFound: 'Project not found',
  assetNotFound: 'Asset not found',
  folderNotFound: 'Folder not found',
  moveIntoItself: 'A folder cannot be moved into itself or one of its folders',
  cannotRemoveYourself: 'You cannot remove yourself from the project',
  cannotChangeCreator: 'The project creator cannot be changed',
  cannotChangeOwnPermissions: 'You cannot change your own permissions',
  alreadyCollaborator: 'Already a member of this project',
  projectInviteAccepted: 'You have joined the project',
  tooManyAssets: 'Too many assets at once: select at most 10,000 including folder contents',
  upgradeProjectLimit: 'This team has reached the number of projects its plan allows.',
  // spec 000 §2, §5 project chat
  fetchingMessages: 'Fetching messages...',
  chatEmptyTitle: "It's quiet in here...",
  chatEmptySubtitle: "Let's start a conversation!",
  typeYourMessage: 'Type your message',
  today: 'Today',
  chatLoadFailed: 'Something went wrong. Try reloading the chat again',
  // tasks, brief, approvals (spec 000 §5, §8; DESIGN §10; decided where marked in docs/decisions/0008-tasks-and-approvals.md)
  noTagsAllowed: 'No tags allowed',
  enterValidDate: 'Enter valid date',
  briefUpdated: 'Brief updated successfully',
  taskCreated: 'Task created successfully',
  taskUpdated: 'Task updated successfully',
  taskCompleted: 'Task marked as completed',
  taskDeleted: 'Task deleted successfully',
  transferRequested: 'Transfer request created',
  approvalRequestCreated: 'Approval request created successfully',
  reviewRequestCreated: 'Review request created successfully',
  taskChatLoadFailed: 'Something went wrong. Try reloading the chat again',
  // decided (docs/decisions/0008-tasks-and-approvals.md)
  taskNotFound: 'Task not found',
  taskReadOnly: 'This task is completed and can no longer be changed',
  onlyAssignerCompletes: 'Only the assigner can complete this task',
  onlyAssignerEdits: 'Only the assigner can change this task',
  onlyAssignerOrAdminDeletes: 'Only the assigner or a project admin can delete this task',
  onlyAssigneeTransfers: 'Only an assignee can ask for a transfer',
  transferPending: 'A transfer request is already pending',
  noTransferRequest: 'There is no transfer request to answer',
  transferAccepted: 'Transfer request accepted',
  transferDeclined: 'Transfer request declined',
  assigneeNotMember: 'The assignee must be a member of this project',
  cannotAssignSelf: 'You cannot assign a task to yourself',
  pickOneAssignee: 'Choose a person or type an e-mail, not both',
  notInvited: 'This email is not invited',
  taskRequestNotFound: 'Request not found',
  onlyCreatorRemoves: 'Only the creator of the request can remove invited users',
  onlyReviewerSetsStatus: 'Only a reviewer of this asset can set its approval status',
  approvalStatusUpdated: 'Approval status updated successfully',
  pickReviewers: 'Pick people or type e-mails',
  reviewerNotInTeam: 'Choose people from this team',
  reviewerNotInProject: (names: string) =>
    `${names} is not in this project. Ask someone who can add collaborators to send the request, or add them first.`,
  taskAssignedTitle: 'New task assigned',
  taskCompletedTitle: 'Task completed',
  taskDeletedTitle: 'Task deleted',
  taskDeletedNotification: (project: string, type: string) => `The ${type} task in ${project} was deleted`,
  taskCompletedNotification: (project: string) => `A task in ${project} was marked as completed`,
  taskAssignedOnJoinNotification: 'You were assigned a task in a project you just joined',
  transferRequestedNotification: (project: string, reason: string) =>
    `A transfer was requested for a task in ${project}: ${reason}`,
  transferAnsweredNotification: (project: string, accepted: boolean) =>
    `Your transfer request in ${project} was ${accepted ? 'accepted' : 'declined'}`,
  transferRequestTitle: 'Transfer requested',
  transferAnsweredTitle: 'Transfer request answered',
  approvalRequestTitle: 'Approval requested',
  reviewRequestTitle: 'Review requested',
  // decided (docs/decisions/0007-project-chat-and-notifications.md): notification texts
  mentionNotificationTitle: 'You were mentioned',
  teamAddedNotificationTitle: 'You were added to a team',
  projectAddedNotificationTitle: 'You were added to a project',
  invalidCursor: 'This page is no longer available. Reload the chat.',
  // uploads and media (spec 000 §2, §4; 002 §4, §5; decided texts in docs/decisions/0009-uploads-and-media.md)
  unsupportedFilesTitle: 'Unsupported files',
  unsupportedFilesMessage: 'These files cannot be uploaded. Skip them and proceed?',
  unsupportedFormat: 'Unsupported format',
  skipAndProceed: 'Skip and proceed',
  uploadRestricted: 'This file type cannot be uploaded',
  uploadNameInvalid: 'Remove special characters from the file name',
  uploadNotFound: 'This upload no longer exists',
  uploadAlreadyCompleted: 'This upload is already complete',
  uploadCompleting: 'This upload is being completed. Try again in a moment.',
  uploadPartsMismatch: 'Some parts are missing or do not match. Upload them again.',
  uploadPartTooLarge: 'A part is larger than the part size',
  uploadInterrupted: 'The upload was interrupted',
  uploadConnectionLost: 'The connection was lost. Resume the upload when it is back.',
  uploadOffsetMismatch: 'This part has to be sent again from its start',
  fileNotFound: 'File not found',
  rangeNotSatisfiable: 'The requested range is not satisfiable',
  uploadSizeMismatch: 'The uploaded size does not match the file size',
  uploadFolderPathMismatch: 'The folder path does not match the upload',
  uploadCompleted: 'Uploaded successfully',
  uploadLeaveWarning: 'Uploads are in progress. Leave this page and stop them?',
  upgradeStorageLimit: 'This team has used all the storage its plan allows.',
  // decided (docs/decisions/0021-credits-and-plans.md): the other plan limits and the subscription flows
  upgradeConcurrentLimit: 'This team is running as many cloud systems at once as its plan allows.',
  upgradeMachineHourLimit: 'This team has used all the machine hours its plan allows this month.',
  // spec 002 §8 subscription texts
  planUpdated: 'Plan updated',
  noPlansAvailable: 'Currently there are no plans available.',
  detailsNotFound: 'Details not found',
  // decided (docs/decisions/0021-credits-and-plans.md)
  renewalDone: 'Subscription renewed',
  storageAdded: 'Storage added',
  planNotUpgrade: 'Choose a higher plan than the current one',
  freePlanNoRenewal: 'The Free plan has nothing to renew or add',
  enterpriseContact: 'Contact us for the Enterprise plan',
  storageStepInvalid: 'Storage is added in steps of the plan’s step size',
  upgradeInProgress: 'Your subscription is being upgraded. Please wait',
  paymentsUnavailable: 'Payments are not available yet: use credits',
  previewNotAvailable: 'Preview not available',
  processingMedia: 'Processing…',
  // decided (docs/decisions/0017-security-hardening.md, security hardening): validation texts the spec does not show
  invalidValue: 'Enter a valid value',
  invalidTimeZone: 'Enter a valid time zone',
} as const;

/** Field-rule messages that include a number. */
export const charLimit = (n: number) => (n === 100 ? MSG.charLimit100 : `The characters limit is ${n}`);
export const selectAtMostAssets = (n: number) => `Select at most ${n} assets`;

/** The shapes of the messages above that include a number (see isProductMessage). */
const NUMBERED_MESSAGES = [/^The characters limit is \d+$/, /^Select at most \d+ assets$/];
/** Texts of modules that keep their own (addProductMessages), on top of MSG's. */
const ADDED_MESSAGES: string[] = [];
let fixedMessages: Set<string> | null = null;
/**
 * MSG's texts and the added ones, gathered on first use rather than at load: a set built at load is
 * a side effect the web build must keep, and it would bring every text into every page's first
 * load.
 */
function fixedMessageSet(): Set<string> {
  fixedMessages ??= new Set<string>([
    ...(Object.values(MSG) as unknown[]).filter((m): m is string => typeof m === 'string'),
    ...ADDED_MESSAGES,
  ]);
  return fixedMessages;
}

/**
 * True when a text is one of ours (MSG or a numbered message above): the server answers a
 * validation issue with its own text only then, and 'Enter a valid value' otherwise, so no
 * library's wording (zod's 'Invalid input: expected string, received null') reaches a user.
 */
export const isProductMessage = (text: unknown): text is string =>
  typeof text === 'string' && (fixedMessageSet().has(text) || NUMBERED_MESSAGES.some((p) => p.test(text)));

/** The text of an add/invite notification (decided, docs/decisions/0007-project-chat-and-notifications.md). */
export const addedYouTo = (actorName: string, where: string) => `${actorName} added you to ${where}`;
/** '<Role> deleted successfully' (spec 002 §8): 'Admin deleted successfully', 'Collaborator deleted successfully'. */
export const roleDeleted = (roleTitle: string) => `${roleTitle} deleted successfully`;

/**
 * A module whose texts live in a file of its own (packages/shared/src/schemas/ai.ts) adds them here,
 * so the server's envelope check knows them as ours too.
 */
export function addProductMessages(texts: readonly string[]): void {
  ADDED_MESSAGES.push(...texts);
  if (fixedMessages) for (const t of texts) fixedMessages.add(t);
}
