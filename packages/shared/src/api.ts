import { ACCOUNT_API, AUTH_API, DEV_API } from './authPaths.ts';
import { BILLING_API } from './billing/paths.ts';
import { SIGNIN_API } from './signinPaths.ts';

/**
 * API paths, written once for the server routes, the web client and the tests.
 * All live under /api; GET takes a query, POST/PUT/DELETE a JSON body (spec 002 §7).
 */
export const API = {
  health: '/api/health',
  auth: AUTH_API,
  account: ACCOUNT_API,
  /** passkeys, authenticator app, recovery codes */
  signin: SIGNIN_API,
  audit: {
    /** GET a team's entries, newest first (team admins): team_db_id, actor_db_id, action, from, to, paging */
    list: '/api/audit-log',
    /** GET the same filters as a CSV file (streamed) */
    export: '/api/audit-log/export',
    /** GET the caller's own account events (sign-ins, failed sign-ins, password, two-factor) */
    mine: '/api/audit-log/mine',
  },
  webhooks: {
    /** GET the team's endpoints (team_db_id); POST add; PUT change (enable, events, url); DELETE */
    root: '/api/webhooks',
    /** POST a new signing secret (webhook_endpoint_db_id), shown once */
    rotateSecret: '/api/webhooks/rotate-secret',
    /** POST a 'ping' delivery (webhook_endpoint_db_id) */
    test: '/api/webhooks/test',
    /** GET an endpoint's latest deliveries with their attempts (webhook_endpoint_db_id) */
    deliveries: '/api/webhooks/deliveries',
    /** POST a failed delivery again: the same event id, one more attempt (webhook_delivery_db_id) */
    resend: '/api/webhooks/resend',
  },
  teams: {
    /** GET list (tab teams|users), POST create, PUT update, DELETE delete */
    root: '/api/teams',
    detail: '/api/teams/detail',
    checkPermission: '/api/teams/check-permission',
    regions: '/api/teams/aws-regions',
    /** GET list, POST add, PUT remove one (member or invite), DELETE member */
    members: '/api/teams/members',
    /** GET the catalogue with defaults for a new member */
    permissions: '/api/teams/permissions',
    /** GET/POST one member's permissions */
    memberPermissions: '/api/teams/member-permissions',
    acceptInvite: '/api/teams/invites/accept',
    currentPlan: '/api/teams/current-plan',
    /** PUT the team the user switched to, which a browser with no stored choice opens on */
    lastTeam: '/api/teams/last-team',
  },
  users: { search: '/api/users/search' },
  subscription: {
    /** GET the team's subscription state */
    root: '/api/subscription',
    /** GET the plan catalogue (upgrade list) */
    plans: '/api/subscription/plans',
    /** GET one plan's details (subscription_db_id) */
    planDetails: '/api/subscription/plan-details',
    /** POST upgrade (subscription_db_id, credits_used) */
    upgrade: '/api/subscription/upgrade',
    /** POST renew (months, subscription_db_id, credits_used) */
    renew: '/api/subscription/renew',
    /** GET the team's storage; POST add storage (storage_size, credits_used) */
    storage: '/api/subscription/storage',
  },
  /** The statistics calls at the spec's exact paths (002 §7), under the API base. */
  statistics: {
    projectStorage: '/api/projects/storage/',
    fileStorage: '/api/file/storage/',
    projectCloudUsage: '/api/projects/cloud-usage/',
    activityCloudUsage: '/api/activities/cloud-usage/',
  },
  /** the billing feature's own paths (billing/paths.ts) */
  billing: BILLING_API,
  dev: DEV_API,
  projects: {
    /** POST create (team_db_id, title), PUT rename (project_db_id, title), DELETE delete (project_db_id) */
    root: '/api/projects',
    /** GET project info (project_db_id) */
    info: '/api/projects/info',
    /** GET a project's info by the Project ID the page shows (project_id), for a member (under info: a token reaches it) */
    infoByCode: '/api/projects/info/by-code',
    /** GET the caller's projects with whether they may upload (the uploader's project picker; a token reaches it) */
    infoMine: '/api/projects/info/mine',
    /** GET a home tray page (spec 002 §7 asset/trays) */
    trays: '/api/asset/trays',
    /** GET the home tray list */
    traysStructure: '/api/asset/trays/structure',
    /** GET members, POST add, PUT resend invite, DELETE remove */
    collaborators: '/api/projects/collaborators',
    /** GET mention search among the project's members (search_type collaborators) */
    collaboratorSearch: '/api/projects/collaborators/search',
    /** GET / POST one collaborator's permissions */
    permissions: '/api/projects/collaborators/permissions',
    /** GET, POST set (collaborator_badge), PUT clear */
    badge: '/api/projects/collaborators/badge',
    /** POST accept a project invitation as the logged-in user (invite_code) */
    acceptInvite: '/api/projects/invites/accept',
    /** GET projects and folders to copy or move into */
    browse: '/api/projects/browse',
  },
  assets: {
    /** GET list a folder (keyset), DELETE delete many */
    root: '/api/assets',
    /** POST create a folder */
    folder: '/api/assets/folder',
    /** GET full-text search within a project */
    search: '/api/assets/search',
    /** POST copy or move */
    copyMove: '/api/assets/copy-move',
    /** GET / POST an asset's metadata */
    metadata: '/api/assets/metadata',
    /** GET / PUT the caller's asset view (list or grid) and the grid's card size */
    view: '/api/assets/view',
  },
  chat: {
    /** GET history (project_db_id, entries_per_page, page_no, before, tz), POST send */
    root: '/api/projects/chat',
    /** PUT record last_seen_count = chats_count (leaving the chat) */
    seen: '/api/projects/chat/seen',
    /** GET chats_count, last_seen_count, unread */
    counters: '/api/projects/chat/counters',
  },
  notifications: {
    /** GET a page (entries_per_page 25, page_no) */
    root: '/api/notifications',
    /** PUT clear has_new_notification (opening the list), optionally mark entries seen */
    seen: '/api/notifications/seen',
    /** GET / PUT the caller's e-mail digest setting (email_digest, off by default) */
    settings: '/api/notifications/settings',
  },
  camera: {
    /** GET the camera model catalogue (project_db_id) */
    models: '/api/camera/models',
    /** GET the project's folders as destinations (project_db_id) */
    folders: '/api/camera/folders',
    /** GET the project's C2E sessions (project_db_id), POST create */
    sessions: '/api/camera/sessions',
    /** GET one (project_db_id, c2e_session_db_id), PUT pause/resume, DELETE */
    session: '/api/camera/session',
    /** GET the uploader download URL (os, key ps_uploader) */
    uploaderDownload: '/api/uploader/download',
    /** GET every platform's built uploader file: size, SHA-256, download path, or not built */
    uploaderBuilds: '/api/uploader/builds',
    /** GET one built uploader file (name), as an attachment */
    uploaderFile: '/api/uploader/file',
    /** GET the caller's personal access tokens, POST create one (shown once), DELETE revoke (id) */
    tokens: '/api/account/tokens',
    /** POST (anyone) a device login for the uploader: device_code, user_code, verification URL */
    deviceStart: '/api/account/device/start',
    /** POST (anyone, with device_code) poll: pending, slow_down, denied, expired, or the token once */
    deviceToken: '/api/account/device/token',
    /** GET the waiting device of a user_code (name, when, from where) */
    device: '/api/account/device',
    /** POST approve (user_code): a personal access token for the caller goes to the device */
    deviceApprove: '/api/account/device/approve',
    /** POST deny (user_code) */
    deviceDeny: '/api/account/device/deny',
  },
  brief: {
    /** GET the brief (project_db_id), PUT update (project_db_id, data {title, brief}) */
    root: '/api/projects/brief',
  },
  tasks: {
    /** GET a project's tasks (project_db_id, keyset cursor), POST create, PUT update, DELETE (project_db_id, task_db_id) */
    root: '/api/tasks',
    /** GET one task (task_db_id) */
    detail: '/api/tasks/detail',
    /** GET the task type options (title, field, can_select) */
    types: '/api/tasks/types',
    /** PUT complete (task_db_id, role) — the assigner only */
    complete: '/api/tasks/complete',
    /** PUT resend the invitation to an invited e-mail (project_db_id, task_db_id, user_email, role) */
    resendInvite: '/api/tasks/invite',
    /** POST ask for a transfer (project_db_id, task_db_id, msg); PUT answer it (task_db_id, action accept|decline) */
    transfer: '/api/tasks/transfer',
    /** GET a home task tray page (tray_name my_tasks|assigned_tasks, entries_per_page, cursor) */
    trays: '/api/tasks/trays',
    /** GET history (task_db_id, entries_per_page 10, page_no, before, tz), POST send (task_db_id, text) */
    chat: '/api/tasks/chat',
    /** PUT record the chat as read (task_db_id) */
    chatSeen: '/api/tasks/chat/seen',
  },
  approvals: {
    /** GET an asset's requests (ingest_db_id, action), POST create, PUT remove one invited user */
    root: '/api/assets/task-requests',
    /** PUT resend the invitation mail (task_request_db_id, user_email) */
    resendInvite: '/api/assets/task-requests/invite',
    /** PUT the asset's approval status (ingest_db_id, approval_status 0..3) — reviewers */
    status: '/api/assets/approval-status',
    /** GET people to ask on an asset: the project's team and members (ingest_db_id, search_text, team_id) */
    userSearch: '/api/assets/task-requests/users/search',
  },
  shares: {
    /** POST share assets with people (spec 002 §7), PUT remove one shared user */
    root: '/api/assets/share',
    /** GET the asset's shared users, invited e-mails and review links */
    users: '/api/assets/share/users',
    /** GET the share settings list (role editor|collaborator) */
    settings: '/api/assets/share/settings',
    /** PUT revoke a review link (share_link_db_id) */
    revoke: '/api/assets/share/revoke',
    /** GET an asset's review comments (page_no, total_entries), POST add one or a reply */
    comments: '/api/assets/comments',
    /** PUT resolve or reopen a comment */
    resolveComment: '/api/assets/comments/resolve',
    /** GET an asset's version stack, POST stack an uploaded file onto it as its newest version */
    versions: '/api/assets/versions',
    /** GET a project's review links (Share Links page), PUT change one (expiry, passcode, download, watermark) */
    links: '/api/assets/share/links',
    /** GET a review link's address again (from its sealed token) */
    linkUrl: '/api/assets/share/links/url',
    /** GET an asset's or a project's comments as markers (format premiere|resolve_edl|resolve_csv|fcpxml|csv|pdf) */
    markers: '/api/assets/comments/markers',
  },
  /** The public review page's calls (no account; the token is the shared_link parameter) */
  review: {
    /** GET what the link shows: expired, passcode asked, or the asset */
    root: '/api/review',
    /** POST the passcode; a right one sets the link's grant cookie */
    unlock: '/api/review/unlock',
    /** GET bytes with Range (kind play|original|thumbnail) */
    file: '/api/review/file',
    /** GET the link's asset comments, POST one (guests under a typed name) */
    comments: '/api/review/comments',
    /** POST the viewer's e-mail on a watermarked link (starts their stream), GET its state */
    watermark: '/api/review/watermark',
  },
  uploads: {
    /** POST start an upload (spec 002 §7 'upload/assets'), DELETE abort it */
    root: '/api/upload/assets',
    /** POST sign more part URLs */
    signParts: '/api/upload/assets/sign-parts',
    /** GET the parts the server has (resume) */
    parts: '/api/upload/assets/parts',
    /** GET the caller's unfinished uploads in a project */
    sessions: '/api/upload/assets/sessions',
    /** POST complete with folder_path, upload_id and parts[{ETag, PartNumber}] */
    complete: '/api/upload/assets/complete',
  },
  /** The filesystem blob driver's own signed URLs (S3 answers these itself) */
  blobs: {
    /** PUT one upload part (signed); `offset` continues it, `more=1` marks a chunk that is not its last */
    parts: '/api/blobs/parts',
    /** GET a stored object (signed), with ranges */
    object: '/api/blobs/object',
  },
  media: {
    /** GET the asset detail the player needs (ingest_db_id) */
    asset: '/api/media/asset',
    /** GET the external player setting */
    config: '/api/media/config',
    /** GET bytes with Range (ingest_db_id, kind original|proxy|thumbnail); no API headers needed */
    file: '/api/media/file',
  },
  shell: {
    /** GET the shell's runtime settings: help-center address, build type */
    config: '/api/shell/config',
    /** GET the live-chat widget settings (spec 002 §7 support-chat) */
    supportChat: '/api/support-chat',
    /** GET whether the first-login tour shows, PUT completed true (done or dismissed) / false (restart) */
    productTour: '/api/product-tour',
    /** GET / PUT a team's shell settings (F12 blocking, opt-in) */
    teamSettings: '/api/teams/shell-settings',
  },
  docs: '/api/docs',
} as const;

/** The address of an asset's bytes (<img src>, <video src>): cookie-authenticated, Range-capable. */
export const mediaFileUrl = (
  ingestDbId: string,
  kind: 'original' | 'proxy' | 'thumbnail' | 'play' | 'sprite' | 'page' | 'page_thumb',
  version?: string,
  page?: number,
) =>
  `${API.media.file}?ingest_db_id=${encodeURIComponent(ingestDbId)}&kind=${kind}` +
  (version ? `&v=${encodeURIComponent(version)}` : '') +
  (page ? `&page=${page}` : '');

/** The review page's address for a token (the web route; mail links prefix PUBLIC_URL). */
export const reviewPagePath = (token: string) => `/review?shared_link=${encodeURIComponent(token)}`;
/** The bytes of a review link (same-origin, Range-capable), by token or by tray card. */
export const reviewFileUrl = (
  key: { shared_link?: string; shared_asset?: string },
  kind: 'play' | 'original' | 'thumbnail' | 'page' | 'page_thumb',
  version?: string,
  page?: number,
) =>
  `${API.review.file}?${key.shared_link ? `shared_link=${encodeURIComponent(key.shared_link)}` : `shared_asset=${encodeURIComponent(key.shared_asset ?? '')}`}&kind=${kind}` +
  (version ? `&ingest_db_id=${encodeURIComponent(version)}` : '') +
  (page ? `&page=${page}` : '');

/**
 * The id of the `<script type="application/json">` element in which a logged-in page's index.html
 * carries the user check-login would answer (server platform/http/bootData.ts, web
 * app/bootData.ts).
 */
export const BOOT_ELEMENT_ID = 'rushes-boot';
