import { z } from 'zod';
import { hasControlCharacter } from './rules/text.ts';
import type { TeamSummary } from './schemas/account.ts';
import type { ProjectCard, TrayName } from './schemas/projects.ts';
import type { ChatMessage } from './schemas/chat.ts';
import type { SharedAssetCard } from './schemas/shares.ts';
import type { Task, TaskChatMessage } from './schemas/tasks.ts';
import type { TaskTrayName } from './rules/tasks.ts';
import { liveSignal, type LiveSignal } from './schemas/live.ts';

/**
 * The typed realtime event map (DESIGN §5): the server emits, the web listens. Payloads say what
 * changed; clients refetch through the permission-checked API.
 */
export interface ServerToClientEvents {
  /**
   * Live collaboration. Project room: the user's invitation was removed (spec's
   * private-{project_db_id} live_collaboration_remove_{user_id}); refetch the lists.
   */
  [removed: `live_collaboration_remove_${string}`]: (payload: { live_collaboration_db_id: string }) => void;
  /** live:{id} room (the spec's private-{live_collaboration_db_id}): the invitation or call changed. */
  live_collaboration: (payload: {
    live_collaboration_db_id: string;
    call_joined: boolean;
    call_ended_by_host: boolean;
  }) => void;
  /** live:{id} room: who joined the call (uid) and their role. */
  call_initiator: (payload: {
    live_collaboration_db_id: string;
    uid: string;
    role: 'editor' | 'collaborator';
  }) => void;
  /** live:{id} room: a WebRTC signal of the other member (relayed, never sent back to its sender). */
  live_signal: (payload: {
    live_collaboration_db_id: string;
    from: string;
    signal: LiveSignal['signal'];
  }) => void;
  user_logged_in: (payload: { user_id: string }) => void;
  user_updated: (payload: { user_id: string }) => void;
  team_add: (payload: { team: TeamSummary }) => void;
  team_update: (payload: { team: TeamSummary }) => void;
  team_delete: (payload: { team_db_id: string }) => void;
  /** User room, the payer's: a payment changed status; the checkout page refetches it. */
  payment_update: (payload: { payment_db_id: string; status: 'created' | 'paid' | 'failed' }) => void;
  /** The user's cloud session or queue entry changed: refetch the cloud time call. */
  cloud_session: (payload: { cloud_access_db_id: string | null }) => void;
  /** The dot of one team (team_db_id): shown only while that team is selected. */
  has_new_notification: (payload: { has_new_notification: boolean; team_db_id: string }) => void;
  /** A team plan arrived (spec 002 §4): opens the 'Manage Team' welcome modal. */
  subscription_detail: (payload: { team_detail: { is_team_plan: boolean; team: TeamSummary } }) => void;
  /** A team's subscription changed (plan, renewal, storage, a waiting upgrade): refetch it. */
  subscription_changed: (payload: { team_db_id: string }) => void;
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
  /**
   * Project room: an asset's transcript changed status (queued, running, done, failed, no_audio,
   * not_set_up, limit; TRANSCRIPT_STATUSES) or was corrected; an open transcript panel refetches it.
   */
  transcript_status: (payload: { project_db_id: string; ingest_db_id: string; status: string }) => void;
  /** Project room: a transfer was created, progressed or ended; refetch the transfers. */
  transfer_changed: (payload: { project_db_id: string; transfer_db_id: string; status: string }) => void;
  /** Project room: members, invites, badges or permissions changed; refetch collaborators. */
  project_members_changed: (payload: { project_db_id: string }) => void;
  /**
   * Project room: a chat message was stored (spec 000 §4). Place it by its chats_count with
   * insertChatMessage (label 'Today'); ids let a client drop a message it already has.
   */
  chat_message: (payload: { project_db_id: string; message: ChatMessage; chats_count: number }) => void;
  /**
   * User rooms of every member but the sender, one broadcast per send: the project's chats_count
   * moved. The client's unread = chats_count − its last_seen_count (from the counters route or the
   * last chat_unread), exactly the server's rule; the highest chats_count wins, as sends may arrive
   * out of order.
   */
  chat_count: (payload: { project_db_id: string; chats_count: number; sender_id: string }) => void;
  /** User room: the user left the chat (here or elsewhere): unread 0 at chats_count. */
  chat_unread: (payload: { project_db_id: string; unread: number; chats_count: number }) => void;
  /** User room, 'Shared Assets' tray (spec 002 §4): an asset was shared with the user; put it first, total +1. */
  shared_asset_add: (payload: { tray: 'shared_assets'; asset: SharedAssetCard }) => void;
  /** Replaces the card (shared again). */
  shared_asset_update: (payload: { tray: 'shared_assets'; asset: SharedAssetCard }) => void;
  /** Removes the card by share_id, total -1 (asset deleted or unshared). */
  shared_asset_delete: (payload: { share_id: string }) => void;
  /** Project room: an asset's shared users or review links changed; refetch its share list. */
  asset_shares_changed: (payload: { ingest_db_id: string }) => void;
  /** Project room: an asset's review comments changed (added, resolved); refetch them. */
  asset_comments_changed: (payload: { ingest_db_id: string }) => void;
  /** User room: a task entered one of the user's home trays (first in the tray, total +1). */
  task_add: (payload: { tray: TaskTrayName; task: Task }) => void;
  /** User room: replaces the task card in that tray (status, assignees, transfer, unread changed). */
  task_update: (payload: { tray: TaskTrayName; task: Task }) => void;
  /** User room: the task left that tray (reassigned away, or deleted with its project); total -1. */
  task_delete: (payload: { tray: TaskTrayName; task_db_id: string }) => void;
  /** Project room: a task of the project was created or changed; refetch the list and an open detail. */
  tasks_changed: (payload: { project_db_id: string; task_db_id: string }) => void;
  /** Project room: the project brief changed; refetch it. */
  brief_changed: (payload: { project_db_id: string }) => void;
  /** Project room: a C2E session was created or deleted, or a file arrived; refetch the sessions (001 §4). */
  c2e_sessions: (payload: { project_db_id: string }) => void;
  /** Project room: one C2E session's status changed; refetch it (001 §4). */
  c2e_session_update: (payload: { project_db_id: string; c2e_session_db_id: string; status: string }) => void;
  /**
   * Task room (task:{id}, joined by whoever may read the task): a task chat message was stored.
   * Place it by its chats_count with insertChatMessage, as the project chat; ids let a client drop
   * a message it already has.
   */
  task_chat_message: (payload: { task_db_id: string; message: TaskChatMessage; chats_count: number }) => void;
  /** User room: the user's unread count of a task's chat changed; keep the highest chats_count. */
  task_chat_unread: (payload: {
    task_db_id: string;
    project_db_id: string;
    unread: number;
    chats_count: number;
  }) => void;
  /** Project room: an asset's approval or review requests changed; refetch them. */
  task_requests_changed: (payload: { project_db_id: string; ingest_db_id: string }) => void;
  /** Project room: an asset's approval status changed (the asset list shows it). */
  asset_approval_status: (payload: {
    project_db_id: string;
    ingest_db_id: string;
    approval_status: number;
  }) => void;
}

/** The answer of an acknowledged client event. */
export interface SocketAck {
  ok: boolean;
  error?: string;
}

export interface ClientToServerEvents {
  /** Join a room the server checks (team:{id}, project:{id}, task:{id}); answers ok or an error message. */
  join: (room: string, ack: (result: SocketAck) => void) => void;
  leave: (room: string) => void;
  /** A WebRTC signal to the other member of a live collaboration (needs its room and call token). */
  live_signal: (payload: LiveSignal, ack: (result: SocketAck) => void) => void;
}

/** A room name as a client sends it: `prefix:{id}`, plain text without control characters. */
const roomName = z
  .string()
  .min(1)
  .max(200)
  .refine((room) => !hasControlCharacter(room));

/**
 * The payload (first argument) of every event a client may send, validated with zod before use
 * (DESIGN §5). The server listens to exactly these events, so a new event needs its schema here.
 */
export const CLIENT_EVENT_SCHEMAS = {
  join: roomName,
  leave: roomName,
  live_signal: liveSignal,
} as const satisfies Record<keyof ClientToServerEvents, z.ZodType>;

export type ClientEventName = keyof typeof CLIENT_EVENT_SCHEMAS;

export type ServerEventName = keyof ServerToClientEvents;
