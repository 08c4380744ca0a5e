import { z } from 'zod';
import { MSG, charLimit, selectAtMostAssets } from '../rules/messages.ts';
import { GRID_PAGE_SIZE } from '../rules/gridText.ts';
import { spriteSheet } from './sprite.ts';
import {
  ADDITIONAL_NAME_LIMIT,
  ASSET_BULK_LIMIT,
  ASSET_PAGE_SIZE,
  BADGE_LIMIT,
  FOLDER_NAME_LIMIT,
  HOME_TRAY_PAGE_SIZE,
  KEYWORDS_CHAR_LIMIT,
  PROJECT_NAME_LIMIT,
} from '../rules/constants.ts';
import { MEMBER_ROLES, PROJECT_ROLES } from '../rules/projectPermissions.ts';
import { email, uuid } from './fields.ts';
import { permission } from './teams.ts';

/**
 * Projects, collaborators, folders and asset operations (spec 000 §3, §5, §7; 002 §3, §5, §7).
 * Server routes validate with these; web forms use the same field builders.
 */

// ---- field rules ----

/** Project name (002 §5): letters, digits, underscore and space only; blank-only refused. */
export const PROJECT_NAME_PATTERN = /^[A-Za-z0-9_ ]+$/;
export const projectName = () =>
  z
    .string({ error: MSG.required })
    .min(1, MSG.required)
    .refine((v) => v.trim().length > 0, MSG.removeBlankSpace)
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .max(PROJECT_NAME_LIMIT, charLimit(PROJECT_NAME_LIMIT))
        .regex(PROJECT_NAME_PATTERN, MSG.removeSpecialCharacters),
    );

/** Folder name (000 §5): required, letters, digits, space, underscore, hyphen; 1–100 characters. */
export const FOLDER_NAME_PATTERN = /^[A-Za-z0-9 _-]+$/;
export const folderName = () =>
  z
    .string({ error: MSG.required })
    .trim()
    .min(1, MSG.required)
    .max(FOLDER_NAME_LIMIT, MSG.folderNameLimit)
    .regex(FOLDER_NAME_PATTERN, MSG.removeSpecialCharacters);

/** Additional name (000 §5): optional; letters, digits, space, dot, underscore, hyphen; at most 100. */
export const ADDITIONAL_NAME_PATTERN = /^[A-Za-z0-9 ._-]*$/;
export const additionalFilename = () =>
  z
    .string()
    .trim()
    .max(ADDITIONAL_NAME_LIMIT, charLimit(ADDITIONAL_NAME_LIMIT))
    .regex(ADDITIONAL_NAME_PATTERN, MSG.noSpecialCharacters);

/** Combined length of all keywords (000 §5). */
export const keywordsLength = (keywords: readonly string[]) => keywords.reduce((n, k) => n + k.length, 0);
export const keywords = () =>
  z
    .array(z.string().trim().min(1, MSG.required).max(KEYWORDS_CHAR_LIMIT, MSG.keywordsLimit))
    .max(KEYWORDS_CHAR_LIMIT, MSG.keywordsLimit)
    .refine((v) => keywordsLength(v) <= KEYWORDS_CHAR_LIMIT, MSG.keywordsLimit);

/** Submit is enabled only with no error and not both empty (000 §5). */
export const metadataSubmittable = (v: { keywords: readonly string[]; additional_filename: string }) =>
  v.keywords.length > 0 || v.additional_filename.trim().length > 0;

/** Role badge (000 §4): free text, letters, digits, space; at most 30. */
export const badgeText = () =>
  z
    .string({ error: MSG.required })
    .trim()
    .min(1, MSG.required)
    .max(BADGE_LIMIT, MSG.badgeLimit)
    .regex(/^[A-Za-z0-9 ]+$/, MSG.removeSpecialCharacters);
export const BADGE_SUGGESTIONS = ['Editor', 'Producer', 'Director', 'Colorist', 'Sound Designer', 'Reviewer'];

const ingestIds = () =>
  z.array(uuid()).min(1, MSG.required).max(ASSET_BULK_LIMIT, selectAtMostAssets(ASSET_BULK_LIMIT));

export const FILE_TYPES = ['folder', 'image', 'audio', 'video', 'other'] as const;
export type FileType = (typeof FILE_TYPES)[number];
/** Approval status (002 §4): No Status 0, In Progress 1, Needs Review 2, Approved 3. */
export const APPROVAL_STATUS = { noStatus: 0, inProgress: 1, needsReview: 2, approved: 3 } as const;
/** Ingest/processing status (002 §4). */
export const INGEST_STATUS = {
  initiated: 0,
  finished: 1,
  failed: 2,
  inprogress: 3,
  inqueue: 4,
  thumbnailGenerated: 5,
  previewNotAvailable: 7,
} as const;

// ---- project requests ----

export const createProjectBody = z.object({ team_db_id: uuid(), title: projectName() });
export type CreateProjectBody = z.infer<typeof createProjectBody>;
export const projectQuery = z.object({ project_db_id: uuid() });
/** The Project ID the project page shows (PR + 8 characters), any case. */
export const projectCodeQuery = z.object({
  project_id: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^PR[A-Z0-9]{1,30}$/, MSG.projectNotFound),
});
/** The uploader's project picker: the caller's projects, newest first. */
export const myProjects = z.object({
  projects: z.array(
    z.object({
      project_db_id: z.string(),
      project_id: z.string(),
      title: z.string(),
      can_upload: z.boolean(),
    }),
  ),
});
export const deleteProjectBody = z.object({ project_db_id: uuid() });
/** Rename (Manage Project): the same name rules as create. */
export const renameProjectBody = z.object({ project_db_id: uuid(), title: projectName() });
export type RenameProjectBody = z.infer<typeof renameProjectBody>;

export const TRAY_NAMES = ['my_projects', 'collaborated_projects'] as const;
export type TrayName = (typeof TRAY_NAMES)[number];
/** Every tray asset/trays answers: the project trays and 'shared_assets' (schemas/shares.ts). */
export const HOME_TRAY_NAMES = ['shared_assets', ...TRAY_NAMES] as const;
export type HomeTrayName = (typeof HOME_TRAY_NAMES)[number];
/**
 * Home tray page. page_no is accepted for the spec; the server pages by keyset: send the previous
 * answer's next_cursor to get the next page (no duplicates when projects are added meanwhile).
 * team_db_id (optional) narrows My Projects to the selected team; Collaborated Projects spans teams.
 */
export const trayQuery = z.object({
  tray_name: z.enum(HOME_TRAY_NAMES),
  entries_per_page: z.coerce.number().int().min(1).max(50).default(HOME_TRAY_PAGE_SIZE),
  page_no: z.coerce.number().int().min(1).default(1),
  cursor: z.string().max(200).optional(),
  search: z.string().trim().max(100, MSG.charLimit100).optional(),
  team_db_id: uuid().optional(),
});
export type TrayQuery = z.infer<typeof trayQuery>;

// ---- collaborators ----

export const addCollaboratorsBody = z
  .object({
    project_db_id: uuid(),
    /** user ids of existing users (spelled as the spec does) */
    collabrated_with: z.array(uuid()).max(50).default([]),
    /** e-mails: an existing account is added at once, any other gets a mailed invitation */
    invited_collaborators: z.array(email()).max(50).default([]),
    role: z.enum(MEMBER_ROLES).default('collaborator'),
  })
  .refine((v) => v.collabrated_with.length + v.invited_collaborators.length > 0, {
    message: MSG.required,
    path: ['collabrated_with'],
  });
export type AddCollaboratorsBody = z.infer<typeof addCollaboratorsBody>;

export const resendProjectInviteBody = z.object({
  project_db_id: uuid(),
  user_email: email(),
  role: z.enum(MEMBER_ROLES),
});

export const removeCollaboratorBody = z
  .object({
    project_db_id: uuid(),
    role: z.enum(MEMBER_ROLES),
    user_db_id: uuid().optional(),
    user_email: email().optional(),
  })
  .refine((v) => Boolean(v.user_db_id) !== Boolean(v.user_email), {
    message: MSG.required,
    path: ['user_db_id'],
  });

export const collaboratorQuery = z.object({ project_db_id: uuid(), user_db_id: uuid() });
export const setCollaboratorPermissionsBody = z.object({
  project_db_id: uuid(),
  user_db_id: uuid(),
  /** selected permission_db_ids */
  permissions: z.array(z.number().int().positive()).max(50),
});
export const setBadgeBody = z.object({
  project_db_id: uuid(),
  user_db_id: uuid(),
  collaborator_badge: badgeText(),
});
export const clearBadgeBody = z.object({ project_db_id: uuid(), user_db_id: uuid() });

/** Mention / member search within a project (000 §7): search_type 'collaborators'. */
export const collaboratorSearchQuery = z.object({
  project_db_id: uuid(),
  search_type: z.literal('collaborators').default('collaborators'),
  search_text: z.string().trim().max(100, MSG.charLimit100).default(''),
});

export const acceptProjectInviteBody = z.object({ invite_code: z.string().min(16).max(200) });

// ---- asset requests ----

export const createFolderBody = z.object({
  project_db_id: uuid(),
  /** the folder to create it in; absent or null: the project root */
  folder_db_id: uuid().nullish(),
  data: z.object({
    upload_status: z.literal('started'),
    file_info: z.object({
      filename: folderName(),
      /** ignored: the server derives the path from the parent */
      folder_path: z.string().max(2000).optional(),
      extension: z.string().max(20).optional(),
      size: z.number().nonnegative().optional(),
      mime_type: z.string().max(200).optional(),
    }),
  }),
});
export type CreateFolderBody = z.infer<typeof createFolderBody>;

export const listAssetsQuery = z.object({
  project_db_id: uuid(),
  folder_db_id: uuid().optional(),
  // the grid asks pages of GRID_PAGE_SIZE cards
  entries_per_page: z.coerce.number().int().min(1).max(GRID_PAGE_SIZE).default(ASSET_PAGE_SIZE),
  cursor: z.string().max(500).optional(),
});
export type ListAssetsQuery = z.infer<typeof listAssetsQuery>;

export const searchAssetsQuery = z.object({
  project_db_id: uuid(),
  search_text: z.string().trim().min(1, MSG.required).max(100, MSG.charLimit100),
  entries_per_page: z.coerce.number().int().min(1).max(GRID_PAGE_SIZE).default(ASSET_PAGE_SIZE),
  cursor: z.string().max(500).optional(),
});
export type SearchAssetsQuery = z.infer<typeof searchAssetsQuery>;

export const deleteAssetsBody = z.object({
  project_db_id: uuid(),
  ingest_db_ids: ingestIds(),
  comment: z.string().trim().max(100, MSG.charLimit100).default(''),
});
export type DeleteAssetsBody = z.infer<typeof deleteAssetsBody>;

export const COPY_MOVE_ACTIONS = ['copy', 'move'] as const;
export const copyMoveBody = z.object({
  ingest_db_ids: ingestIds(),
  action: z.enum(COPY_MOVE_ACTIONS),
  destination_project_db_id: uuid(),
  /** absent or null: the destination project's root */
  destination_folder_db_id: uuid().nullish(),
  source_project_db_id: uuid(),
});
export type CopyMoveBody = z.infer<typeof copyMoveBody>;

/**
 * Browse for copy/move (000 §7): destination 'project' lists the projects the user may write into;
 * destination 'folder' lists the folders of project_db_id under folder_db_id (root when absent).
 * Folders among source_folder_db_ids come back is_disabled for a move (no moving into itself).
 */
export const browseQuery = z.object({
  action: z.enum(COPY_MOVE_ACTIONS),
  destination: z.enum(['project', 'folder']),
  source_folder_db_ids: z
    .union([uuid(), z.array(uuid())])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
  project_db_id: uuid().optional(),
  folder_db_id: uuid().optional(),
});
export type BrowseQuery = z.infer<typeof browseQuery>;

export const metadataQuery = z.object({ project_db_id: uuid(), ingest_db_id: uuid() });
export const updateMetadataBody = z.object({
  project_db_id: uuid(),
  ingest_db_id: uuid(),
  keywords: keywords().default([]),
  additional_filename: additionalFilename().default(''),
});
export type UpdateMetadataBody = z.infer<typeof updateMetadataBody>;

// ---- answers ----

export const projectRole = z.enum(PROJECT_ROLES);

/** A home-tray card (002 §3 Project, Home tray), keyed by project_db_id. */
export const projectCard = z.object({
  project_db_id: z.string(),
  project_id: z.string(),
  team_db_id: z.string(),
  title: z.string(),
  storage_used: z.number(),
  total_assets: z.number(),
  created_on: z.string(),
  role: projectRole,
  creator: z.object({ user_id: z.string(), name: z.string() }),
  /** up to 4 members for the avatar stack */
  avatars: z.array(z.object({ user_id: z.string(), name: z.string(), user_badge_color: z.string() })),
  no_of_members: z.number(),
  /** the viewer's unread project chat messages (chats_count - last_seen_count); chat_unread updates it */
  unread_chats: z.number(),
});
export type ProjectCard = z.infer<typeof projectCard>;

export const trayPage = z.object({
  field: z.enum(TRAY_NAMES),
  data: z.array(projectCard),
  total_entries: z.number(),
  next_cursor: z.string().nullable(),
});
export type TrayPage = z.infer<typeof trayPage>;

export const trayStructure = z.object({
  trays: z.array(
    z.object({ field: z.enum(HOME_TRAY_NAMES), title: z.string(), entries_per_page: z.number() }),
  ),
});

/** Project info (002 §7): storage_used in bytes, total_assets, and what the caller may do. */
export const projectInfo = z.object({
  project_db_id: z.string(),
  project_id: z.string(),
  team_db_id: z.string(),
  title: z.string(),
  storage_used: z.number(),
  total_assets: z.number(),
  created_on: z.string(),
  role: projectRole,
  permissions: z.array(z.string()),
});
export type ProjectInfo = z.infer<typeof projectInfo>;

/** A project member (002 §3 Project members). */
export const projectMember = z.object({
  user_id: z.string(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  username: z.string(),
  user_badge: z.string().nullable(),
  user_badge_color: z.string(),
  /** invited into a live collaboration of this project */
  is_active_in_live_collaboration: z.boolean(),
  /** running a started cloud session in this project */
  is_session_active: z.boolean(),
});
export type ProjectMember = z.infer<typeof projectMember>;
const memberGroup = z.object({ members: z.array(projectMember), invited: z.array(z.string()) });
export const projectMembers = z.object({
  creator: memberGroup,
  admins: memberGroup,
  collaborators: memberGroup,
});
export type ProjectMembers = z.infer<typeof projectMembers>;

export const collaboratorPermissions = z.object({ permissions: z.array(permission) });
export const collaboratorBadge = z.object({
  user_badge: z.string().nullable(),
  suggestions: z.array(z.string()),
});
export const collaboratorSearchResult = z.object({
  users: z.array(z.object({ user_id: z.string(), name: z.string() })),
});

/** An asset in the storyboard list (000 §3 Asset). thumbnail is null until the media issue fills it. */
export const assetItem = z.object({
  ingest_db_id: z.string(),
  title: z.string(),
  file_type: z.enum(FILE_TYPES),
  is_folder: z.boolean(),
  folder_path: z.string(),
  parent_db_id: z.string().nullable(),
  thumbnail: z.string().nullable(),
  created_on: z.string(),
  background_color: z.string().nullable(),
  approval_status: z.number(),
  status: z.number(),
  size: z.number(),
  extension: z.string().nullable(),
  /** seconds, once the media pipeline probed a video or audio file (null otherwise) */
  duration: z.number().nullable().optional(),
  /** a version stack's newest number (2 and up); the row then shows that version's name and media */
  version_no: z.number().int().optional(),
  /** the hover-scrub sprite sheet of a video (null until the media pipeline made it, or not a video) */
  sprite: spriteSheet.nullable().optional(),
});
export type AssetItem = z.infer<typeof assetItem>;

export const breadcrumb = z.object({ ingest_db_id: z.string(), title: z.string() });
export const assetPage = z.object({
  items: z.array(assetItem),
  next_cursor: z.string().nullable(),
  total_entries: z.number(),
  /** root → current folder (empty at the root; absent in search answers) */
  breadcrumbs: z.array(breadcrumb),
});
export type AssetPage = z.infer<typeof assetPage>;

export const createFolderAnswer = z.object({
  message: z.string(),
  ingest_db_id: z.string(),
  project_db_id: z.string(),
});

export const browseAnswer = z.object({
  projects: z.array(z.object({ project_db_id: z.string(), title: z.string(), team_db_id: z.string() })),
  folders: z.array(
    z.object({
      ingest_db_id: z.string(),
      title: z.string(),
      folder_path: z.string(),
      has_children: z.boolean(),
      is_disabled: z.boolean(),
    }),
  ),
  breadcrumbs: z.array(breadcrumb),
});
export type BrowseAnswer = z.infer<typeof browseAnswer>;

/** Asset metadata panel (000 §3 Asset file info). file_size in bytes, duration in seconds. */
export const assetMetadata = z.object({
  file_info: z.object({
    uploaded_by: z.string(),
    ingest_id: z.string(),
    created_on: z.string(),
    uploaded_from: z.string(),
    format: z.string().nullable(),
    file_size: z.number(),
    duration: z.number().nullable(),
  }),
  ingest_db_id: z.string(),
  title: z.string(),
  additional_filename: z.string(),
  keywords: z.array(z.string()),
  can_add_update_asset_metadata: z.boolean(),
});
export type AssetMetadata = z.infer<typeof assetMetadata>;
