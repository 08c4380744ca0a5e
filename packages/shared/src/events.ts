import type { TeamSummary } from './schemas/account.ts';
import type { ProjectCard, TrayName } from './schemas/projects.ts';
import type { ChatMessage } from './schemas/chat.ts';

/**
 * The typed realtime event map (DESIGN §5): the server emits, the web listens. Payloads say what
 * changed; clients refetch through the permission-checked API.
 */
export interface ServerToClientEvents {
  user_logged_in: (payload: { user_id: string }) => void;
  user_updated: (payload: { user_id: string }) => void;
  team_add: (payload: { team: TeamSummary }) => void;
  team_update: (payload: { team: TeamSummary }) => void;
  team_delete: (payload: { team_db_id: string }) => void;
  billing_detail: (payload: { team_db_id: string }) => void;
  has_new_notification: (payload: { has_new_notification: boolean }) => void;
  /** A team plan arrived (spec 002 §4): opens the 'Manage Team' welcome modal. */
  subscription_detail: (payload: { team_detail: { is_team_plan: boolean; team: TeamSummary } }) => void;
  /** Home trays (spec 002 §4), to the member's user room: add puts it first and total +1. */
  project_add: (payload: { tray: TrayName; project: ProjectCard }) => void;
  /** Replaces the card (title, storage_used, total_assets, role, members changed). */
  project_update: (payload: { tray: TrayName; project: ProjectCard }) => void;
  /** Removes the card by project_db_id and total -1 (project deleted, or the user was removed). */
  project_delete: (payload: { project_db_id: string }) => void;
  /** Project room (project:{id}): a folder's list changed; refetch it and the project info. */
  assets_changed: (payload: { project_db_id: string; folder_db_ids: (string | null)[] }) => void;
  /**
   * Project room: an asset's ingest status changed (spec 002 §3 codes: 0 initiated, 4 inqueue,
   * 3 inprogress, 5 thumbnailGenerated, 1 finished, 2 failed, 7 previewNotAvailable). Refetch the
   * folder (parent_db_id) and, on the player, the asset. A new asset also sends assets_changed.
   */
  asset_status: (payload: {
    project_db_id: string;
    ingest_db_id: string;
    parent_db_id: string | null;
    status: number;
  }) => void;
  /** Project room: members, invites, badges or permissions changed; refetch collaborators. */
  project_members_changed: (payload: { project_db_id: string }) => void;
  /**
   * Project room: a chat message was stored (spec 000 §4). Append it with appendChatMessage (label
   * 'Today'); ids let a client drop a message it already has.
   */
  chat_message: (payload: { project_db_id: string; message: ChatMessage; chats_count: number }) => void;
  /** User room: the user's unread count of a project's chat changed (after a send, or seen elsewhere). */
  chat_unread: (payload: { project_db_id: string; unread: number; chats_count: number }) => void;
}

export interface ClientToServerEvents {
  /** Join a room the server checks (team:{id}, project:{id}); answers ok or an error message. */
  join: (room: string, ack: (result: { ok: boolean; error?: string }) => void) => void;
  leave: (room: string) => void;
}

export type ServerEventName = keyof ServerToClientEvents;
