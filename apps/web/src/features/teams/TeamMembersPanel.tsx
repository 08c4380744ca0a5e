import { Button, Divider, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { MSG, UI, type TeamMember } from '@rushes/shared';
import { useUser } from '../../api/currentUser.ts';
import { usePanels } from '../../app/panels/PanelContext.ts';
import type { PanelBaseProps } from '../../app/panels/registry.ts';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { useTeamMembers } from './api.ts';
import { AddMembersForm } from './AddMembersForm.tsx';
import { MemberRow, PendingInviteRow } from './MemberRow.tsx';
import { RemoveMemberDialog, type RemovalTarget } from './RemoveMemberDialog.tsx';

export interface TeamMembersPanelProps {
  teamDbId: string;
  teamName: string;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={3} size="h6" c="dimmed" tt="uppercase">
        {title}
      </Title>
      <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {children}
      </Stack>
    </Stack>
  );
}

/**
 * The team members panel (spec 002 §2, §6): owners under 'Team Admins', members, pending invites
 * with 'Pending'. Admins add members, open a member's permissions and remove anyone but themselves.
 * Realtime team events refetch it, so an accepted invite turns into a member while it is open.
 */
export default function TeamMembersPanel({ teamDbId, teamName }: TeamMembersPanelProps & PanelBaseProps) {
  const user = useUser();
  const panels = usePanels();
  const members = useTeamMembers(teamDbId);
  const [removing, setRemoving] = useState<RemovalTarget | null>(null);
  const canManage = user.teams.some((t) => t.team_db_id === teamDbId && t.is_admin);

  if (members.isPending) return <PageLoader />;
  if (members.isError) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text c="red" size="sm" role="alert">
          {MSG.fetchTeamMembersFailed}
        </Text>
        <Button variant="default" onClick={() => void members.refetch()}>
          {UI.refresh}
        </Button>
      </Stack>
    );
  }

  const detail = members.data;
  const openPermissions = (member: TeamMember) =>
    panels.open('memberPermissions', { teamDbId, teamName, userDbId: member.user_db_id, name: member.name });
  const removeMember = (member: TeamMember) =>
    setRemoving({ kind: 'user', user_db_id: member.user_db_id, name: member.name });
  const row = (member: TeamMember) => (
    <MemberRow
      key={member.user_db_id}
      member={member}
      isSelf={member.user_db_id === user.user_id}
      canManage={canManage}
      onPermissions={openPermissions}
      onRemove={removeMember}
    />
  );

  return (
    <Stack gap="lg">
      <Text fw={600} truncate="end">
        {teamName}
      </Text>
      {canManage && <AddMembersForm teamDbId={teamDbId} detail={detail} />}
      {canManage && <Divider />}
      <Section title={UI.teamAdmins}>{detail.owners.map(row)}</Section>
      <Section title={UI.members}>
        {detail.members.length ? (
          detail.members.map(row)
        ) : (
          <Text size="sm" c="dimmed" component="li">
            {MSG.noRecordFound}
          </Text>
        )}
      </Section>
      {detail.invited_users.length > 0 && (
        <Section title={UI.pendingInvites}>
          {detail.invited_users.map((email) => (
            <PendingInviteRow
              key={email}
              email={email}
              canManage={canManage}
              onRemove={(address) => setRemoving({ kind: 'email', email: address })}
            />
          ))}
        </Section>
      )}
      <RemoveMemberDialog teamDbId={teamDbId} target={removing} onClose={() => setRemoving(null)} />
    </Stack>
  );
}
