/**
 * The app shell's constants and words (spec 002 §2, §4, §9; 000 §9). Texts the spec does
 * not write are ours (docs/decisions/0027-app-shell-and-user-guide.md, "App shell completeness").
 */

/** Live-chat widget delay after load (spec 002 §4, §9). */
export const SUPPORT_CHAT_DELAY_MS = 2000;
/** Breakpoints (spec 002 §9), in px. */
export const BREAKPOINTS_PX = { tablet: 768, laptop: 1024, desktop: 1280 } as const;
/** The user guide's path; Help Center opens it when HELP_CENTER_URL is not set. */
export const USER_GUIDE_PATH = '/user-guide';
/** The iPhone / iPad player's path (spec 002 §2 /ios-player/). */
export const IOS_PLAYER_PATH = '/ios-player/';

export const SHELL_UI = {
  // user guide
  guideSearch: 'Search the guide',
  guideContents: 'Contents',
  guideNoMatch: 'No Results Found.',
  guideClear: 'Clear search',
  guideMatches: (n: number) => (n === 1 ? '1 section matches' : `${n} sections match`),
  help: 'Help',
  helpAbout: (topic: string) => `Help: ${topic}`,
  // product tour
  restartTour: 'Product Tour',
  tourNext: 'Next',
  tourBack: 'Back',
  tourDone: 'Done',
  tourProgress: '{{current}} of {{total}}',
  // iOS player
  iosPlayer: 'iPhone / iPad player',
  iosPlayerOpen: 'Open on iPhone / iPad',
  iosPlayerBack: 'Back',
  iosPlayerNoVideo: 'This asset cannot be played here.',
  iosPlayerMissing: 'Choose an asset to play.',
  iosPause: 'Pause',
  iosBack10: 'Back 10 seconds',
  iosForward10: 'Forward 10 seconds',
  fullScreen: 'Full screen',
  // team shell settings
  blockDevTools: 'Block the F12 key',
  blockDevToolsHint: 'For kiosk screens: F12 does nothing in the app. It does not protect any data.',
  // context menu
  contextMenu: 'Actions',
  copyMessage: 'Copy text',
  messageCopied: 'Message copied',
} as const;

/** The first-login tour: home, projects, uploads, chat, tasks. */
export const TOUR_STEPS = [
  {
    target: 'home',
    title: 'Home',
    text: 'Your tasks, the assets shared with you and your projects, all on one page.',
  },
  {
    target: 'projects',
    title: 'Projects',
    text: 'Every project of the team. Open one to see its folders, assets, tasks and chat.',
  },
  {
    target: 'uploads',
    title: 'Uploads',
    text: 'Files you upload show their progress here; pause, resume or cancel them.',
  },
  {
    target: 'chat',
    title: 'Chat',
    text: 'Inside a project, the project chat and each task chat keep the conversation next to the work.',
  },
  {
    target: 'tasks',
    title: 'Tasks',
    text: 'Tasks assigned to you and by you appear on Home; open one to see its details and chat.',
  },
] as const;

/**
 * The user guide's sections (apps/web/src/features/guide/content/<id>.md, in this order). Panels and
 * pages link to `/user-guide#<id>`; rules/guide.test.ts checks every id has its file.
 */
export const GUIDE_SECTIONS = [
  'getting-started',
  'home',
  'projects',
  'collaborators',
  'assets',
  'uploads',
  'player',
  'ios-player',
  'sharing',
  'approvals',
  'tasks',
  'brief',
  'chat',
  'ai-assistant',
  'camera-to-edit',
  'cloud-editing',
  'integrations',
  'notifications',
  'teams',
  'subscription',
  'credits',
  'statistics',
  'billing',
  'account',
  'shortcuts',
  'help',
] as const;
export type GuideSection = (typeof GUIDE_SECTIONS)[number];
export const guideHref = (section: GuideSection) => `${USER_GUIDE_PATH}#${section}`;
