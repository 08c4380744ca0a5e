/** Domain events of live collaboration (declaration merging). Payloads are plain JSON. */
declare module '../../platform/events/bus.ts' {
  interface DomainEvents {
    /** An invitation or its call changed: its room and the project room refetch. */
    'live.changed': {
      projectId: string;
      collabId: string;
      callJoined: boolean;
      callEndedByHost: boolean;
      userIds: string[];
    };
    /** The guest's invitation was removed (project room: live_collaboration_remove_{user_id}). */
    'live.removed': { projectId: string; collabId: string; guestUserId: string; hostUserId: string };
    /** The host handed over (or took back) control of the workstation the guest watches. */
    'live.control': { collabId: string; guestControl: boolean };
    /** Someone joined the call (live:{id} call_initiator). */
    'live.joined': { collabId: string; userId: string; role: 'editor' | 'collaborator' };
  }
}

/** Between API nodes: each acts on the guest desktop relays it holds (live.desktop.ts). */
declare module '../../platform/realtime/realtime.ts' {
  interface NodeMessages {
    /** the host handed over (or took back) control: the guest's input passes (or is dropped) */
    'live.desktop.control': { collabId: string; guestControl: boolean };
    /** the guest left the call, was removed, or the call ended: the view closes */
    'live.desktop.close': { collabId: string };
  }
}

export {};
