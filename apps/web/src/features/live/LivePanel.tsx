import { Badge, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { LIVE_TEXT, type LiveAudioCall, type LiveState } from '@rushes/shared';
import { useUser } from '../../api/currentUser.ts';
import { toast } from '../../ui/toast.ts';
import { useCloudTime } from '../cloud/api.ts';
import {
  useInviteCollaborator,
  useJoinCall,
  useLeaveCall,
  useLiveState,
  useRemoveCollaborator,
} from './api.ts';
import { useLiveCall } from './useLiveCall.ts';

export interface LivePanelProps {
  projectDbId: string;
}

/**
 * The live collaboration side panel (spec 001 §2, §4; issue 19): the host of a started session
 * invites one collaborator and talks with them (mute/unmute, end call, or remove before they join);
 * an invited member sees 'Join Live Session' and joins by audio call or with a screen share.
 */
export default function LivePanel({ projectDbId }: LivePanelProps) {
  const user = useUser();
  const time = useCloudTime();
  const session = time.data?.session;
  const own =
    session && session.project_db_id === projectDbId && session.machine_status === 'machine_started'
      ? session.cloud_access_db_id
      : null;
  const state = useLiveState(projectDbId, own, user.user_id);
  const data = state.data;
  return (
    <Stack gap="lg" data-testid="live-panel">
      {own && data && <HostSection data={data} projectDbId={projectDbId} sessionId={own} />}
      {data && <GuestSection data={data} />}
    </Stack>
  );
}

function HostSection({
  data,
  projectDbId,
  sessionId,
}: {
  data: LiveState;
  projectDbId: string;
  sessionId: string;
}) {
  const [inviting, setInviting] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const q = { project_db_id: projectDbId, cloud_assignment_db_id: sessionId };
  const invite = useInviteCollaborator({
    onSuccess: (r) => {
      toast.success(r.message);
      setInviting(false);
      setChosen(null);
    },
    onError: (e) => toast.error(e.message),
  });
  const remove = useRemoveCollaborator({
    onSuccess: (r) => toast.success(r.message),
    onError: (e) => toast.error(e.message),
  });
  const collaborator = data.live_collaborators[0] ?? null;
  const leave = useLeaveCall();
  const join = useJoinCall();
  const call = useLiveCall(() => undefined);
  const started = useRef<string | null>(null);

  // the host joins the call once the collaborator has joined it
  const collabId = collaborator?.live_collaboration_db_id ?? null;
  const guestJoined = collaborator?.call_joined ?? false;
  useEffect(() => {
    if (!collabId || !guestJoined || started.current === collabId) return;
    started.current = collabId;
    join.mutate(
      { live_collaboration_db_id: collabId },
      { onSuccess: (answer: LiveAudioCall) => void call.start(answer) },
    );
  }, [collabId, guestJoined, join, call]);

  const endCall = async () => {
    if (!collabId) return;
    await call.leave(true);
    await leave.mutateAsync({ live_collaboration_db_id: collabId });
    // leaving as the editor reloads the page (spec 001 §4)
    window.location.reload();
  };

  const remoteMuted = call.view?.remoteMuted ?? collaborator?.muted ?? false;
  return (
    <Stack gap="sm">
      <Button disabled={!data.can_invite} onClick={() => setInviting(true)} data-testid="live-invite-open">
        {LIVE_TEXT.invite}
      </Button>
      {inviting && data.can_invite && (
        <Stack gap="xs">
          <Select
            label={LIVE_TEXT.chooseCollaborator}
            data={data.members.map((m) => ({ value: m.user_id, label: m.name || m.username }))}
            value={chosen}
            onChange={setChosen}
            searchable
            data-testid="live-invite-select"
          />
          {chosen && (
            <Button
              loading={invite.isPending}
              onClick={() => invite.mutate({ ...q, user_db_ids: [chosen] })}
              data-testid="live-invite-send"
            >
              {LIVE_TEXT.inviteButton}
            </Button>
          )}
        </Stack>
      )}
      {collaborator && (
        <Stack gap="xs">
          <Title order={6}>{LIVE_TEXT.invitedCollaborators}</Title>
          <Group justify="space-between" data-testid="live-collaborator">
            <Group gap="xs">
              <Text>{collaborator.name || collaborator.username}</Text>
              {collaborator.call_joined && remoteMuted && (
                <Badge color="red" data-testid="live-remote-muted">
                  {LIVE_TEXT.muted}
                </Badge>
              )}
              {call.view?.phase === 'connected' && <Badge color="green">{LIVE_TEXT.phase.connected}</Badge>}
            </Group>
            {collaborator.call_joined ? (
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => call.call.current?.setMuted(!call.view?.muted)}
                >
                  {call.view?.muted ? LIVE_TEXT.unmute : LIVE_TEXT.mute}
                </Button>
                <Button size="xs" color="red" onClick={() => void endCall()} data-testid="live-end-call">
                  {LIVE_TEXT.endCall}
                </Button>
              </Group>
            ) : (
              <Button
                size="xs"
                color="red"
                variant="light"
                onClick={() => remove.mutate({ ...q, user_db_id: collaborator.user_id })}
                data-testid="live-remove"
              >
                {LIVE_TEXT.remove}
              </Button>
            )}
          </Group>
          <RemoteMedia stream={call.remote} sharing={call.view?.remoteSharing ?? false} />
        </Stack>
      )}
    </Stack>
  );
}

function GuestSection({ data }: { data: LiveState }) {
  const join = useJoinCall();
  const leave = useLeaveCall();
  const [chosen, setActive] = useState<string | null>(null);
  const call = useLiveCall(() => setActive(null));
  const invitation = data.live_collaboration_invitations.find((i) => i.live_collaboration_db_id === chosen);
  // the host ended the call, or removed the invitation: the guest leaves it
  const over = chosen !== null && (!invitation || invitation.call_ended_by_host);
  const active = over ? null : chosen;
  const leaveCall = call.leave;
  useEffect(() => {
    if (over) void leaveCall(false);
  }, [over, leaveCall]);

  // closing the panel ends the call on this page: the server hears that the guest left
  const activeRef = useRef<string | null>(null);
  const leaveMutate = leave.mutate;
  useEffect(() => {
    activeRef.current = active;
  }, [active]);
  useEffect(
    () => () => {
      if (activeRef.current) leaveMutate({ live_collaboration_db_id: activeRef.current });
    },
    [leaveMutate],
  );

  const start = (id: string, screen: boolean) =>
    join.mutate(
      { live_collaboration_db_id: id },
      {
        onSuccess: async (answer) => {
          if (await call.start(answer, { screen })) setActive(id);
          else leave.mutate({ live_collaboration_db_id: id });
        },
        onError: (e) => {
          console.error('live call: join refused', e);
          toast.error(LIVE_TEXT.unableToJoin);
        },
      },
    );

  const stop = async () => {
    if (!active) return;
    const id = active;
    await call.leave(false);
    setActive(null);
    leave.mutate({ live_collaboration_db_id: id });
  };

  return (
    <Stack gap="sm">
      <Title order={6}>{LIVE_TEXT.joinLiveSession}</Title>
      {data.live_collaboration_invitations.length === 0 && (
        <Text c="dimmed" size="sm">
          {LIVE_TEXT.noInvitations}
        </Text>
      )}
      {data.live_collaboration_invitations.map((i) => (
        <Stack key={i.live_collaboration_db_id} gap={4} data-testid="live-invitation">
          <Text>{i.invited_by.name}</Text>
          {active === i.live_collaboration_db_id && call.view ? (
            <Stack gap="xs" data-testid="live-call">
              <Text size="sm" data-testid="live-call-phase">
                {LIVE_TEXT.phase[call.view.phase]}
              </Text>
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => call.call.current?.setMuted(!call.view?.muted)}
                  data-testid="live-mute"
                >
                  {call.view.muted ? LIVE_TEXT.unmute : LIVE_TEXT.mute}
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() =>
                    void (call.view?.sharing
                      ? call.call.current?.stopShare()
                      : call.call.current?.shareScreen())
                  }
                  data-testid="live-share"
                >
                  {call.view.sharing ? LIVE_TEXT.stopShare : LIVE_TEXT.shareScreen}
                </Button>
                <Button size="xs" color="red" onClick={() => void stop()}>
                  {LIVE_TEXT.leave}
                </Button>
              </Group>
              <RemoteMedia stream={call.remote} sharing={call.view.remoteSharing} />
            </Stack>
          ) : (
            <Group gap="xs">
              <Button
                size="xs"
                onClick={() => start(i.live_collaboration_db_id, false)}
                data-testid="live-join-audio"
              >
                {LIVE_TEXT.joinAudio}
              </Button>
              <Button
                size="xs"
                variant="default"
                onClick={() => start(i.live_collaboration_db_id, true)}
                data-testid="live-join-screen"
              >
                {LIVE_TEXT.joinScreen}
              </Button>
            </Group>
          )}
        </Stack>
      ))}
    </Stack>
  );
}

/** The other side's audio (always) and their shared screen (while they share). */
function RemoteMedia({ stream, sharing }: { stream: MediaStream | null; sharing: boolean }) {
  const audio = useRef<HTMLAudioElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (audio.current) audio.current.srcObject = stream;
    if (video.current) video.current.srcObject = stream;
  }, [stream, sharing]);
  return (
    <>
      <audio ref={audio} autoPlay />
      {sharing && (
        <video
          ref={video}
          autoPlay
          muted
          playsInline
          style={{ width: '100%' }}
          data-testid="live-remote-video"
        />
      )}
    </>
  );
}
