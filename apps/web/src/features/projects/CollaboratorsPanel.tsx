import { Text } from '@mantine/core';
import { useState } from 'react';
import { MSG, UI, type MemberRole, type ProjectMember } from '@rushes/shared';
import { useUser } from '../../api/currentUser.ts';
import { usePanels } from '../../app/panels/PanelContext.ts';
import type { PanelBaseProps } from '../../app/panels/registry.ts';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { NobodyRow, PeoplePanel, PeopleSection } from '../../ui/PeoplePanel.tsx';
import { toast } from '../../ui/toast.ts';
import { AddCollaboratorsForm } from './AddCollaboratorsForm.tsx';
import { canIn, useProjectInfo, useProjectMembers, useResendCollaboratorInvite } from './api.ts';
import { CollaboratorRow, InvitedRow } from './CollaboratorRows.tsx';
import { RemoveCollaboratorDialog, type CollaboratorRemoval } from './RemoveCollaboratorDialog.tsx';

export interface CollaboratorsPanelProps {
  projectDbId: string;
  title: string;
}

/**
 * The collaborators panel (spec 002 §3, §6): Creator, Admins and Collaborators, each with members
 * and invited e-mails. can_add_update_collaborators adds people, resends invites and removes
 * others (never oneself or the creator); can_manage_project opens a member's permissions.
 * project_members_changed refetches it live.
 */
export default function CollaboratorsPanel({ projectDbId, title }: CollaboratorsPanelProps & PanelBaseProps) {
  const user = useUser();
  const panels = usePanels();
  const info = useProjectInfo(projectDbId);
  const members = useProjectMembers(projectDbId);
  const [removing, setRemoving] = useState<CollaboratorRemoval | null>(null);
  const resend = useResendCollaboratorInvite({
    onSuccess: (data) => toast.success(data.message || MSG.inviteSent),
  });

  if (members.isPending || info.isPending) return <PageLoader />;
  if (!members.data || !info.data) {
    return (
      <Text c="red" size="sm" role="alert">
        {MSG.somethingWentWrong}
      </Text>
    );
  }

  const canAdd = canIn(info.data, 'can_add_update_collaborators');
  const canManage = canIn(info.data, 'can_manage_project');
  // admins are added and removed only by the creator or an admin
  const canTouch = (role: MemberRole) =>
    canAdd && (role === 'collaborator' || info.data.role !== 'collaborator');
  const groups = members.data;

  const rows = (list: ProjectMember[], role: MemberRole | null) =>
    list.map((m) => {
      const other = m.user_id !== user.user_id && role !== null;
      return (
        <CollaboratorRow
          key={m.user_id}
          member={m}
          isSelf={m.user_id === user.user_id}
          onPermissions={
            other && canManage
              ? (p) =>
                  panels.open('collaboratorPermissions', {
                    projectDbId,
                    title,
                    userDbId: p.user_id,
                    name: p.name,
                  })
              : null
          }
          onRemove={
            other && role && canTouch(role)
              ? (p) => setRemoving({ kind: 'user', role, user_db_id: p.user_id, name: p.name })
              : null
          }
        />
      );
    });
  const invited = (emails: string[], role: MemberRole) =>
    emails.map((email) => (
      <InvitedRow
        key={email}
        email={email}
        resending={resend.isPending && resend.variables?.user_email === email}
        onResend={
          canTouch(role) ? () => resend.mutate({ project_db_id: projectDbId, user_email: email, role }) : null
        }
        onRemove={canTouch(role) ? () => setRemoving({ kind: 'email', role, email }) : null}
      />
    ));
  const admins = [...rows(groups.admins.members, 'admin'), ...invited(groups.admins.invited, 'admin')];
  const collaborators = [
    ...rows(groups.collaborators.members, 'collaborator'),
    ...invited(groups.collaborators.invited, 'collaborator'),
  ];

  return (
    <PeoplePanel
      heading={title}
      addForm={
        canAdd && (
          <AddCollaboratorsForm
            projectDbId={projectDbId}
            members={groups}
            canAddAdmins={info.data.role !== 'collaborator'}
          />
        )
      }
    >
      <PeopleSection title={UI.creatorGroup}>{rows(groups.creator.members, null)}</PeopleSection>
      <PeopleSection title={UI.adminsGroup}>{admins.length ? admins : <NobodyRow />}</PeopleSection>
      <PeopleSection title={UI.collaboratorsGroup}>
        {collaborators.length ? collaborators : <NobodyRow />}
      </PeopleSection>
      <RemoveCollaboratorDialog
        projectDbId={projectDbId}
        target={removing}
        onClose={() => setRemoving(null)}
      />
    </PeoplePanel>
  );
}
