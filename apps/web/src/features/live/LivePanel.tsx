import { Badge, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
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
import { useLiveCallContext } from './liveCallContext.ts';

/** noVNC loads only when the guest watches the workstation. */
const WorkstationView = lazy(() => import('./WorkstationView.tsx'));

export interface LivePanelProps {
  projectDbId: string;
}

/**
 * The live collaboration side panel (spec 001 §2, §4): the host of a started session
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
      {own && data ? (
        <HostSection data={data} projectDbId={projectDbId} sessionId={own} />
      ) : (
        // without a started machine of this project the invite is shown, disabled (spec 001 §4)
        <InviteButton disabled onClick={() => {}} />
      )}
      {data && <GuestSection data={data} projectDbId={projectDbId} />}
    </Stack>
  );
}

function InviteButton({ disabled, onClick }: { disabled: boolean; onClick: () => void }) {
  return (
    <Button disabled={disabled} onClick={onClick} data-testid="live-invite-open">
      {LIVE_TEXT.invite}
    </Button>
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
  const join = useJoinCall();
  const live = useLiveCallContext();
  const started = useRef<string | null>(null);

  // the host joins the call once the collaborator has joined it (the shell keeps it going)
  const collabId = collaborator?.live_collaboration_db_id ?? null;
  const guestJoined = collaborator?.call_joined ?? false;
  const inCall = collabId !== null && live.active?.collabId === collabId;
  const startCall = live.start;
  useEffect(() => {
    if (!collabId || !guestJoined || inCall || started.current === collabId) return;
    started.current = collabId;
    join.mutate(
      { live_collaboration_db_id: collabId },
      { onSuccess: (answer: LiveAudioCall) => void startCall(answer, projectDbId) },
    );
  }, [collabId, guestJoined, inCall, join, startCall, projectDbId]);
  const call = { view: inCall ? live.view : null, remote: inCall ? live.remote : null };

  const remoteMuted = call.view?.remoteMuted ?? collaborator?.muted ?? false;
  return (
    <Stack gap="sm">
      <InviteButton disabled={!data.can_invite} onClick={() => setInviting(true)} />
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
              {call.view?.guestControl && <Badge color="orange">{LIVE_TEXT.guestHasControl}</Badge>}
            </Group>
            {collaborator.call_joined ? (
              <Group gap="xs">
                <Button size="xs" variant="default" onClick={() => live.setMuted(!call.view?.muted)}>
                  {call.view?.muted ? LIVE_TEXT.unmute : LIVE_TEXT.mute}
                </Button>
                {call.view && (
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => live.setGuestControl(!call.view?.guestControl)}
                    data-testid="live-control"
                  >
                    {call.view.guestControl ? LIVE_TEXT.takeBackControl : LIVE_TEXT.handOverControl}
                  </Button>
                )}
                <Button size="xs" color="red" onClick={() => void live.end()} data-testid="live-end-call">
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

function GuestSection({ data, projectDbId }: { data: LiveState; projectDbId: string }) {
  const join = useJoinCall();
  const leave = useLeaveCall();
  const live = useLiveCallContext();
  const [watching, setWatching] = useState(false);
  const activeId = live.active?.role === 'collaborator' ? live.active.collabId : null;
  const active = data.live_collaboration_invitations.some((i) => i.live_collaboration_db_id === activeId)
    ? activeId
    : null;
  const call = { view: active ? live.view : null, remote: active ? live.remote : null };

  const start = (id: string, screen: boolean, guestControl: boolean) =>
    join.mutate(
      { live_collaboration_db_id: id },
      {
        onSuccess: async (answer) => {
          if (!(await live.start(answer, projectDbId, { screen, guestControl })))
            leave.mutate({ live_collaboration_db_id: id });
        },
        onError: (e) => {
          console.error('live call: join refused', e);
          toast.error(LIVE_TEXT.unableToJoin);
        },
      },
    );

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
                  onClick={() => live.setMuted(!call.view?.muted)}
                  data-testid="live-mute"
                >
                  {call.view.muted ? LIVE_TEXT.unmute : LIVE_TEXT.mute}
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => void (call.view?.sharing ? live.stopShare() : live.shareScreen())}
                  data-testid="live-share"
                >
                  {call.view.sharing ? LIVE_TEXT.stopShare : LIVE_TEXT.shareScreen}
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setWatching(!watching)}
                  data-testid="live-watch"
                >
                  {watching ? LIVE_TEXT.stopWatching : LIVE_TEXT.watchWorkstation}
                </Button>
                <Button size="xs" color="red" onClick={() => void live.end()} data-testid="live-leave">
                  {LIVE_TEXT.leave}
                </Button>
              </Group>
              {watching && live.active && (
                <Suspense fallback={null}>
                  <WorkstationView
                    collabId={live.active.collabId}
                    token={live.active.token}
                    control={call.view.guestControl}
                  />
                </Suspense>
              )}
              <RemoteMedia stream={call.remote} sharing={call.view.remoteSharing} />
            </Stack>
          ) : (
            <Group gap="xs">
              <Button
                size="xs"
                onClick={() => start(i.live_collaboration_db_id, false, i.guest_control)}
                data-testid="live-join-audio"
              >
                {LIVE_TEXT.joinAudio}
              </Button>
              <Button
                size="xs"
                variant="default"
                onClick={() => start(i.live_collaboration_db_id, true, i.guest_control)}
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

/** The other side's shared screen while they share (their audio plays at the shell). */
function RemoteMedia({ stream, sharing }: { stream: MediaStream | null; sharing: boolean }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (video.current) video.current.srcObject = stream;
  }, [stream, sharing]);
  if (!sharing) return null;
  return (
    <video ref={video} autoPlay muted playsInline style={{ width: '100%' }} data-testid="live-remote-video" />
  );
}
