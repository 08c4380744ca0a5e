import { z } from 'zod';
import { LIVE_AUDIO_PROFILE, LIVE_VIDEO_CODEC } from '../rules/live.ts';
import { uuid } from './fields.ts';

const person = z.object({
  user_id: z.string(),
  name: z.string(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  user_badge_color: z.string().nullable(),
});

export const liveQuery = z.object({
  team_db_id: uuid().optional(),
  project_db_id: uuid(),
  cloud_assignment_db_id: uuid().optional(),
});

export const liveInviteBody = liveQuery.extend({
  cloud_assignment_db_id: uuid(),
  user_db_ids: z.array(uuid()).length(1),
});

export const liveRemoveBody = liveQuery.extend({ cloud_assignment_db_id: uuid(), user_db_id: uuid() });

export const liveInvitation = z.object({
  live_collaboration_db_id: z.string(),
  cloud_access_db_id: z.string(),
  invited_by: person.pick({ name: true, first_name: true, last_name: true, user_badge_color: true }),
  task_type: z.string(),
  call_joined: z.boolean(),
  call_ended_by_host: z.boolean(),
  guest_control: z.boolean(),
  audio_call_detail: z.object({ channel_name: z.string() }),
});
export type LiveInvitation = z.output<typeof liveInvitation>;

export const liveCollaborator = person.extend({
  live_collaboration_db_id: z.string(),
  call_joined: z.boolean(),
  muted: z.boolean(),
  /** the host handed over control of the workstation to the guest */
  guest_control: z.boolean(),
});
export type LiveCollaborator = z.output<typeof liveCollaborator>;

/** A project member as the invite form lists them (002 §3 member fields). */
export const liveMember = person.extend({
  role: z.enum(['admin', 'collaborator']),
  is_active_in_live_collaboration: z.boolean(),
  is_session_active: z.boolean(),
});

export const liveState = z.object({
  live_collaboration_invitations: z.array(liveInvitation),
  live_collaborators: z.array(liveCollaborator),
  members: z.array(liveMember),
  can_invite: z.boolean(),
});
export type LiveState = z.output<typeof liveState>;

export const liveMessage = z.object({ message: z.string() });
export const liveRemoved = z.object({ users: z.array(liveCollaborator), message: z.string() });

export const liveAudioBody = z.object({
  live_collaboration_db_id: uuid(),
  uid: z.string().max(100).optional(),
  token: z.string().max(500).optional(),
  channel_name: z.string().max(100).optional(),
});
export const liveLeaveBody = z.object({ live_collaboration_db_id: uuid() });

const iceServer = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.output<typeof iceServer>;

/** Audio call (spec 001 §3): the token authorises the signalling for 3600 s. */
export const liveAudioCall = z.object({
  live_collaboration_db_id: z.string(),
  cloud_access_db_id: z.string(),
  uid: z.string(),
  role: z.enum(['editor', 'collaborator']),
  audio_call_detail: z.object({ channel_name: z.string(), token: z.string(), expires_at: z.string() }),
  codec: z.literal(LIVE_VIDEO_CODEC),
  audio_profile: z.literal(LIVE_AUDIO_PROFILE),
  ice_servers: z.array(iceServer),
  /** 'relay': TURN only (ICE_TRANSPORT_POLICY; the relay test run) */
  ice_transport_policy: z.enum(['all', 'relay']),
});
export type LiveAudioCall = z.output<typeof liveAudioCall>;

export const liveIceServers = z.object({ ice_servers: z.array(iceServer), ttl: z.number() });

/** Signalling between the two members of a collaboration (Socket.IO `live_signal`, zod-checked). */
export const liveSignal = z.object({
  live_collaboration_db_id: uuid(),
  token: z.string().min(1).max(500),
  signal: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('description'),
      description: z.object({ type: z.enum(['offer', 'answer', 'rollback']), sdp: z.string().max(100_000) }),
    }),
    z.object({
      kind: z.literal('candidate'),
      candidate: z.object({
        candidate: z.string().max(2000),
        sdpMid: z.string().max(100).nullable().optional(),
        sdpMLineIndex: z.number().int().min(0).max(100).nullable().optional(),
        usernameFragment: z.string().max(200).nullable().optional(),
      }),
    }),
    z.object({ kind: z.literal('mute'), muted: z.boolean() }),
    z.object({ kind: z.literal('screen'), sharing: z.boolean() }),
    z.object({ kind: z.literal('hello'), instance: z.string().min(1).max(64) }),
    z.object({ kind: z.literal('end') }),
    /** the host hands over (or takes back) control of the workstation the guest watches */
    z.object({ kind: z.literal('control'), guest_control: z.boolean() }),
  ]),
});
export type LiveSignal = z.output<typeof liveSignal>;
