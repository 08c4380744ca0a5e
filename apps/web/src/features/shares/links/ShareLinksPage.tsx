import { Anchor, Button, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { MSG, SHARE_LINKS_TEXT as T, UI, type ProjectShareLink } from '@rushes/shared';
import { showApiError } from '../../../app/apiErrors.ts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { CopyIconButton } from '../../../ui/CopyIconButton.tsx';
import { toast } from '../../../ui/toast.ts';
import { useProjectInfo } from '../../projects/api.ts';
import { projectPath } from '../../projects/paths.ts';
import { fetchLinkUrl, shareKeys, useEditLink, useRevokeLink, useShareLinks } from '../api.ts';
import { copyLinkFrom, CopyRefused } from './copyLink.ts';
import { EditLinkModal } from './EditLinkModal.tsx';
import { LinkCard } from './LinkCard.tsx';

/**
 * /share-links/{project_db_id}: every review link of the project, newest first (a page at a time),
 * with what it holds, who made it, its expiry and states, passcode, download, watermark and views;
 * Copy link (from the sealed token), New link (older links), Edit and Revoke. Live: a change
 * anywhere in the project refetches it.
 */
export default function ShareLinksPage() {
  const { projectDbId = '' } = useParams();
  const queryClient = useQueryClient();
  const info = useProjectInfo(projectDbId);
  const links = useShareLinks(projectDbId);
  const [editing, setEditing] = useState<ProjectShareLink | null>(null);
  const [revoking, setRevoking] = useState<ProjectShareLink | null>(null);
  const [renewing, setRenewing] = useState<ProjectShareLink | null>(null);
  const [manual, setManual] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: shareKeys.links(projectDbId) });
  const revoke = useRevokeLink({
    onSuccess: (d) => {
      toast.success(d.message);
      setRevoking(null);
      refresh();
    },
  });
  const renew = useEditLink();
  const pages = links.data?.pages ?? [];
  const rows = pages.flatMap((p) => p.links);
  const canAllowDownload = pages[0]?.can_allow_download ?? false;

  /** Copies `url` (an address still on its way); shown to copy by hand when the browser refuses. */
  const copy = (url: Promise<string>, done: string) =>
    copyLinkFrom(url).then(
      () => toast.success(done),
      (error: unknown) => (error instanceof CopyRefused ? setManual(error.url) : showApiError(error)),
    );

  return (
    <Stack p="md" gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h3">
          {T.pageTitle}
        </Title>
        {info.data && (
          <Anchor component={Link} to={projectPath(projectDbId)}>
            {info.data.title}
          </Anchor>
        )}
      </Group>
      {links.isError ? (
        <Text c="red" role="alert">
          {links.error.message}
        </Text>
      ) : rows.length === 0 ? (
        <Text c="dimmed">{links.isPending ? T.loading : T.noLinks}</Text>
      ) : (
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {rows.map((l) => (
            <LinkCard
              key={l.share_link_db_id}
              link={l}
              onCopy={() => void copy(fetchLinkUrl(l.share_link_db_id), MSG.linkCopied)}
              onRenew={() => setRenewing(l)}
              onEdit={() => setEditing(l)}
              onRevoke={() => setRevoking(l)}
            />
          ))}
        </Stack>
      )}
      {links.hasNextPage && (
        <Group justify="center">
          <Button
            variant="default"
            loading={links.isFetchingNextPage}
            onClick={() => void links.fetchNextPage()}
          >
            {T.loadMore}
          </Button>
        </Group>
      )}
      {editing && (
        <EditLinkModal
          link={editing}
          canAllowDownload={canAllowDownload}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
      <ConfirmDialog
        opened={revoking !== null}
        title={T.revokeConfirmTitle}
        message={T.revokeConfirm}
        confirmLabel={T.revoke}
        loading={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate({ share_link_db_id: revoking.share_link_db_id })}
        onClose={() => setRevoking(null)}
      />
      <ConfirmDialog
        opened={renewing !== null}
        title={T.newLink}
        message={T.newLinkConfirm}
        confirmLabel={T.newLink}
        loading={renew.isPending}
        onConfirm={() => {
          if (!renewing) return;
          const made = renew
            .mutateAsync({ share_link_db_id: renewing.share_link_db_id, new_token: true })
            .then((a) => new URL(a.url!, window.location.origin).toString());
          void copy(made, T.newLinkMade).finally(() => {
            setRenewing(null);
            refresh();
          });
        }}
        onClose={() => setRenewing(null)}
      />
      <Modal opened={manual !== null} onClose={() => setManual(null)} title={UI.reviewLink} centered>
        <Group gap="xs" wrap="nowrap">
          <TextInput
            aria-label={UI.reviewLink}
            value={manual ?? ''}
            readOnly
            style={{ flex: 1 }}
            onFocus={(e) => e.currentTarget.select()}
          />
          <CopyIconButton value={manual ?? ''} label={UI.copyLink} />
        </Group>
      </Modal>
    </Stack>
  );
}
