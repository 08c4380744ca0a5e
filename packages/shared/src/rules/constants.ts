/** Business constants (spec 002 §9, 001 §9). */
export const APP_NAME = 'Rushes';
export const APP_VERSION = '1.24.0';
export const REQUEST_TIMEOUT_MS = 60_000;
export const INACTIVITY_LOGOUT_SECONDS = 1800;
export const TEXT_LIMIT = 100;
export const TEAM_NAME_LIMIT = 30;
export const PASSWORD_MIN = 12;
export const OTP_LENGTH = 6;
export const OTP_RESEND_SECONDS = 120;
export const OTP_ERROR_CLEAR_MS = 5000;
export const OTP_TTL_SECONDS = 600;
export const OTP_MAX_ATTEMPTS = 5;
export const USER_SEARCH_MIN = 3;
export const AVATAR_STACK_MAX = 4;
export const NAME_TOOLTIP_ABOVE = 28;
export const HOME_TRAY_PAGE_SIZE = 10;
export const NOTIFICATIONS_PAGE_SIZE = 25;
export const MAX_TOASTS = 3;
export const TEAM_ID_STORAGE_KEY = 'team_db_id';
export const API_TYPE = 'web';
export const API_VERSION = '1';

/** Projects and assets (spec 000 §5, §9; 002 §5, §9; bounds we chose are in docs/decisions/0006-projects-and-assets.md). */
export const PROJECT_NAME_LIMIT = 100;
export const FOLDER_NAME_LIMIT = 100;
export const ADDITIONAL_NAME_LIMIT = 100;
export const KEYWORDS_CHAR_LIMIT = 100;
export const BADGE_LIMIT = 30;
export const ASSET_PAGE_SIZE = 50;
export const ASSET_BULK_LIMIT = 500;
export const PROJECT_INVITE_PREFIX = 'prj_';

/** Project chat (spec 000 §5, §9): 20 per page, messages of fewer than 102 characters. */
export const PROJECT_CHAT_PAGE_SIZE = 20;
export const CHAT_MESSAGE_MAX = 101;
export const MENTION_TRIGGER = '@';
/** Mentions kept per message (decided, docs/decisions/0007-project-chat-and-notifications.md). */
export const CHAT_MENTIONS_MAX = 20;

/** Tasks (spec 000 §5, §9): task chat 10 per page; sizes of free text we chose (docs/decisions/0008-tasks-and-approvals.md). */
export const TASK_CHAT_PAGE_SIZE = 10;
export const TASK_LIST_PAGE_SIZE = 10;
export const BRIEF_LIMIT = 5000;
export const TASK_DESCRIPTION_LIMIT = 1000;
export const TRANSFER_REASON_LIMIT = 100;
export const REQUEST_COMMENT_LIMIT = 100;
/** People and e-mails in one approval or review request. */
export const REQUEST_PEOPLE_MAX = 20;
/** A route's code chunk that takes longer than this shows the error page (spec 000 §9, 001 §9). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
