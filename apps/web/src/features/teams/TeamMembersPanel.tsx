import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { MSG, UI, type TeamMember } from '@rushes/shared';
import { useUser } from '../../api/currentUser.ts';
import { usePanels } from '../../app/panels/PanelContext.ts';
import type { PanelBaseProps } from '../../app/panels/registry.ts';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { NobodyRow, PeoplePanel, PeopleSection } from '../../ui/PeoplePanel.tsx';
import { useTeamMembers } from './api.ts';
import { AddMembersForm } from './AddMembersForm.tsx';
import { MemberRow, PendingInviteRow } from './MemberRow.tsx';
import { RemoveMemberDialog, type RemovalTarget } from './RemoveMemberDialog.tsx';

export interface TeamMembersPanelProps {
  teamDbId: string;
  teamName: string;
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
    <PeoplePanel
      heading={teamName}
      addForm={canManage && <AddMembersForm teamDbId={teamDbId} detail={detail} />}
    >
      <PeopleSection title={UI.teamAdmins}>{detail.owners.map(row)}</PeopleSection>
      <PeopleSection title={UI.members}>
        {detail.members.length ? detail.members.map(row) : <NobodyRow />}
      </PeopleSection>
      {detail.invited_users.length > 0 && (
        <PeopleSection title={UI.pendingInvites}>
          {detail.invited_users.map((email) => (
            <PendingInviteRow
              key={email}
              email={email}
              canManage={canManage}
              onRemove={(address) => setRemoving({ kind: 'email', email: address })}
            />
          ))}
        </PeopleSection>
      )}
      <RemoveMemberDialog teamDbId={teamDbId} target={removing} onClose={() => setRemoving(null)} />
    </PeoplePanel>
  );
}
