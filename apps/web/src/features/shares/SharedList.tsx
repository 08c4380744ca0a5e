import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { MSG, UI, formatDate, type SharedUsers } from '@rushes/shared';
import { InviteRow, PersonRow, RowAction } from '../../ui/PersonRow.tsx';
import { toast } from '../../ui/toast.ts';
import { shareKeys, useRemoveSharedUser, useRevokeLink } from './api.ts';

/**
 * The LIST view (spec 002 §3 shared users, §4, §6, §8): people and invited e-mails ('Pending'),
 * removable by holders of a share code ('Deleted user successfully' / 'Something went wrong'); the
 * asset's review links with their views, expiry and Revoke.
 */
export function SharedList({ ingestDbId, data }: { ingestDbId: string; data: SharedUsers }) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: shareKeys.users(ingestDbId) });
  const remove = useRemoveSharedUser({
    meta: { silent: true },
    onSuccess: (d) => {
      toast.success(d.message || MSG.deletedUser);
      refresh();
    },
    onError: () => toast.error(MSG.somethingWentWrong),
  });
  const revoke = useRevokeLink({
    onSuccess: (d) => {
      toast.success(d.message);
      refresh();
    },
  });
  const removing = (key: string) =>
    remove.isPending && (remove.variables?.user_db_id === key || remove.variables?.user_email === key);

  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Title order={3} size="h5">
          {UI.sharedUsers} ({data.shared_count})
        </Title>
        {data.shared_count === 0 && (
          <Text size="sm" c="dimmed">
            {MSG.noRecordFound}
          </Text>
        )}
        <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {data.users.map((u) => (
            <PersonRow
              key={u.user_id}
              name={u.name}
              color="blue"
              isSelf={false}
              secondary={
                <Text size="xs" c="dimmed" truncate="end">
                  {u.user_email}
                </Text>
              }
            >
              {data.can_remove && (
                <RowAction
                  tooltip={UI.removeSharedUser(u.name)}
                  label={UI.removeSharedUser(u.name)}
                  color="red"
                  loading={removing(u.user_id)}
                  onClick={() => remove.mutate({ ingest_db_id: ingestDbId, user_db_id: u.user_id })}
                >
                  <IconTrash size={16} />
                </RowAction>
              )}
            </PersonRow>
          ))}
          {data.user_emails.map((email) => (
            <InviteRow key={email} email={email} status={UI.pending}>
              {data.can_remove && (
                <RowAction
                  tooltip={UI.removeSharedUser(email)}
                  label={UI.removeSharedUser(email)}
                  color="red"
                  loading={removing(email)}
                  onClick={() => remove.mutate({ ingest_db_id: ingestDbId, user_email: email })}
                >
                  <IconTrash size={16} />
                </RowAction>
              )}
            </InviteRow>
          ))}
        </Stack>
      </Stack>
      {data.links.length > 0 && (
        <Stack gap={6}>
          <Title order={3} size="h5">
            {UI.reviewLinks}
          </Title>
          {data.links.map((l) => {
            const live = !l.is_revoked && !l.is_expired;
            return (
              <Paper
                key={l.share_link_db_id}
                withBorder
                p="xs"
                radius="sm"
                component="article"
                aria-label={UI.reviewLink}
              >
                <Group justify="space-between" wrap="nowrap">
                  <Stack gap={0}>
                    <Text size="sm">
                      {l.shared_by} · {formatDate(l.created_on)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {UI.linkExpires(formatDate(l.expires_on))} · {UI.linkViews(l.views)}
                    </Text>
                  </Stack>
                  {l.is_revoked ? (
                    <Badge color="gray">{UI.linkRevokedBadge}</Badge>
                  ) : l.is_expired ? (
                    <Badge color="gray">{UI.linkExpiredBadge}</Badge>
                  ) : null}
                  {live && data.can_remove && (
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      loading={revoke.isPending && revoke.variables?.share_link_db_id === l.share_link_db_id}
                      onClick={() => revoke.mutate({ share_link_db_id: l.share_link_db_id })}
                    >
                      {UI.revokeLink}
                    </Button>
                  )}
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
