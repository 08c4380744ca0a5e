import {
  IconChecklist,
  IconCopy,
  IconEye,
  IconFileInfo,
  IconFolderOpen,
  IconFolderSymlink,
  IconBucket,
  IconShare,
  IconStack2,
  IconTrash,
  type TablerIcon,
} from '@tabler/icons-react';
import {
  INTEGRATION_TEXT,
  SPRINKLR_TEXT,
  UI,
  type AssetItem,
  type ProjectPermissionCode,
  type TaskRequestType,
} from '@rushes/shared';

/**
 * The asset operations (DESIGN §7 "Actions shared by menus and shortcuts"): each is defined once
 * here — label, icon, shortcut, when it applies, what it does — and the right-click menu, the
 * selection toolbar and the keyboard shortcuts all read this list.
 */
export type AssetActionId =
  | 'open'
  | 'metadata'
  | 'requestApproval'
  | 'requestReview'
  | 'share'
  | 'exportToBucket'
  | 'shareToIntegration'
  | 'uploadVersion'
  | 'copy'
  | 'move'
  | 'delete';

/** What the actions can do on the page that hosts them. */
export interface AssetActionEnv {
  can: (code: ProjectPermissionCode) => boolean;
  open: (asset: AssetItem) => void;
  metadata: (asset: AssetItem) => void;
  /** Opens the approval or review request panel of a file (spec 000 §2). */
  request: (taskType: TaskRequestType, asset: AssetItem) => void;
  /** Opens the share asset panel for files (spec 002 §2, §4). */
  share: (assets: AssetItem[]) => void;
  /** Opens the export to bucket panel (spec 002 §2, §4). */
  exportToBucket: (assets: AssetItem[]) => void;
  /** Opens the share-to-integration panel (Sprinklr; spec 002 §4). */
  shareToIntegration: (assets: AssetItem[]) => void;
  /** Picks a file and stacks it onto the asset as its newest version. */
  uploadVersion: (asset: AssetItem) => void;
  copyMove: (action: 'copy' | 'move', assets: AssetItem[]) => void;
  remove: (assets: AssetItem[]) => void;
}

export interface AssetAction {
  id: AssetActionId;
  label: string;
  icon: TablerIcon;
  /** The key shown in menus ('Enter', 'I', …). */
  shortcutLabel: string;
  /** KeyboardEvent.key values that run it (lower case for letters). */
  keys: readonly string[];
  color?: 'red';
  /** Whether it applies to these assets for this user. */
  enabled: (env: AssetActionEnv, assets: readonly AssetItem[]) => boolean;
  run: (env: AssetActionEnv, assets: AssetItem[]) => void;
}

const one = (assets: readonly AssetItem[]) => assets.length === 1;
const some = (assets: readonly AssetItem[]) => assets.length > 0;

export const ASSET_ACTIONS: readonly AssetAction[] = [
  {
    id: 'open',
    label: UI.open,
    icon: IconFolderOpen,
    shortcutLabel: UI.shortcutKeys.open,
    keys: ['Enter'],
    // a folder opens in the list, a file in the player (/player/{id} or the external player)
    enabled: (_env, assets) => one(assets),
    run: (env, assets) => env.open(assets[0]),
  },
  {
    id: 'metadata',
    label: UI.metadata,
    icon: IconFileInfo,
    shortcutLabel: UI.shortcutKeys.metadata,
    keys: ['i'],
    enabled: (_env, assets) => one(assets),
    run: (env, assets) => env.metadata(assets[0]),
  },
  {
    id: 'requestApproval',
    label: UI.requestApproval,
    icon: IconChecklist,
    shortcutLabel: UI.shortcutKeys.requestApproval,
    keys: ['a'],
    // approvals and reviews are on files (docs/decisions/0008-tasks-and-approvals.md 'Tasks in the browser')
    enabled: (_env, assets) => one(assets) && !assets[0].is_folder,
    run: (env, assets) => env.request('task_approval', assets[0]),
  },
  {
    id: 'requestReview',
    label: UI.requestReview,
    icon: IconEye,
    shortcutLabel: UI.shortcutKeys.requestReview,
    keys: ['r'],
    enabled: (_env, assets) => one(assets) && !assets[0].is_folder,
    run: (env, assets) => env.request('task_review', assets[0]),
  },
  {
    id: 'share',
    label: UI.shareAsset,
    icon: IconShare,
    shortcutLabel: UI.shareShortcut,
    keys: ['s'],
    // files only; sharing needs a share-to-download code (spec 002 §6)
    enabled: (env, assets) =>
      some(assets) &&
      assets.every((a) => !a.is_folder) &&
      (env.can('can_share_to_download_rushesio_assets') || env.can('can_share_to_download_all_assets')),
    run: (env, assets) => env.share(assets),
  },
  {
    id: 'exportToBucket',
    label: INTEGRATION_TEXT.exportToBucket,
    icon: IconBucket,
    shortcutLabel: 'E',
    keys: ['e'],
    // files and folders; originals leave the project, so the download right is needed
    enabled: (env, assets) => some(assets) && env.can('download_all_assets'),
    run: (env, assets) => env.exportToBucket(assets),
  },
  {
    id: 'shareToIntegration',
    label: SPRINKLR_TEXT.shareToSprinklr,
    icon: IconShare,
    shortcutLabel: 'P',
    keys: ['p'],
    enabled: (env, assets) =>
      some(assets) &&
      assets.every((a) => !a.is_folder) &&
      (env.can('can_share_to_download_rushesio_assets') || env.can('can_share_to_download_all_assets')),
    run: (env, assets) => env.shareToIntegration(assets),
  },
  {
    id: 'uploadVersion',
    label: UI.uploadNewVersion,
    icon: IconStack2,
    shortcutLabel: UI.versionShortcut,
    keys: ['v'],
    enabled: (env, assets) => one(assets) && !assets[0].is_folder && env.can('can_upload_assets'),
    run: (env, assets) => env.uploadVersion(assets[0]),
  },
  {
    id: 'copy',
    label: UI.copy,
    icon: IconCopy,
    shortcutLabel: UI.shortcutKeys.copy,
    keys: ['c'],
    enabled: (env, assets) => some(assets) && env.can('can_copy_move_assets'),
    run: (env, assets) => env.copyMove('copy', assets),
  },
  {
    id: 'move',
    label: UI.move,
    icon: IconFolderSymlink,
    shortcutLabel: UI.shortcutKeys.move,
    keys: ['m'],
    enabled: (env, assets) => some(assets) && env.can('can_copy_move_assets'),
    run: (env, assets) => env.copyMove('move', assets),
  },
  {
    id: 'delete',
    label: UI.delete,
    icon: IconTrash,
    shortcutLabel: UI.shortcutKeys.delete,
    keys: ['Delete', 'Backspace'],
    color: 'red',
    enabled: (env, assets) => some(assets) && env.can('can_delete_assets'),
    run: (env, assets) => env.remove(assets),
  },
];

/** The action a key press runs, if any. */
export function actionForKey(key: string): AssetAction | undefined {
  const k = key.length === 1 ? key.toLowerCase() : key;
  return ASSET_ACTIONS.find((a) => a.keys.includes(k));
}
