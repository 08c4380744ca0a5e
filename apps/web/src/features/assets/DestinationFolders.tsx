import { Anchor, Breadcrumbs, Center, Group, Loader, NavLink, Paper, ScrollArea, Text } from '@mantine/core';
import { IconChevronRight, IconFolder } from '@tabler/icons-react';
import { UI } from '@rushes/shared';
import { useDestinationFolders } from './api.ts';

interface DestinationFoldersProps {
  action: 'copy' | 'move';
  projectDbId: string;
  projectTitle: string;
  folderDbId: string | null;
  sourceFolderIds: readonly string[];
  onFolder: (folderDbId: string | null) => void;
}

/**
 * The folder browser of the copy/move modal (spec 000 §7 browse): the current destination folder
 * as a breadcrumb from the project root, and its sub-folders to open. Folders being moved are
 * disabled (no moving a folder into itself).
 */
export function DestinationFolders(props: DestinationFoldersProps) {
  const { action, projectDbId, folderDbId, sourceFolderIds, onFolder } = props;
  const browse = useDestinationFolders(action, projectDbId, folderDbId, sourceFolderIds);
  const crumbs = browse.data?.breadcrumbs ?? [];

  return (
    <Paper withBorder radius="md" p="xs">
      <Text size="sm" fw={500} mb={4}>
        {UI.destinationFolder}
      </Text>
      <Breadcrumbs
        component="nav"
        separator="/"
        separatorMargin={4}
        mb="xs"
        aria-label={UI.destinationFolder}
      >
        {crumbs.length === 0 ? (
          <Text size="sm" fw={600} aria-current="location">
            {props.projectTitle}
          </Text>
        ) : (
          <Anchor component="button" type="button" size="sm" onClick={() => onFolder(null)}>
            {props.projectTitle}
          </Anchor>
        )}
        {crumbs.map((c, i) =>
          i === crumbs.length - 1 ? (
            <Text key={c.ingest_db_id} size="sm" fw={600} aria-current="location">
              {c.title}
            </Text>
          ) : (
            <Anchor
              key={c.ingest_db_id}
              component="button"
              type="button"
              size="sm"
              onClick={() => onFolder(c.ingest_db_id)}
            >
              {c.title}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
      <ScrollArea.Autosize mah="22rem">
        {browse.isPending && (
          <Center py="sm">
            <Loader size="xs" />
          </Center>
        )}
        {browse.data?.folders.length === 0 && (
          <Text size="sm" c="dimmed" py={4}>
            {UI.noFolders}
          </Text>
        )}
        {browse.data?.folders.map((f) => (
          <NavLink
            key={f.ingest_db_id}
            component="button"
            type="button"
            label={f.title}
            aria-label={UI.openFolder(f.title)}
            disabled={f.is_disabled}
            leftSection={<IconFolder size={16} color="var(--mantine-color-yellow-7)" />}
            rightSection={
              f.has_children ? (
                <Group>
                  <IconChevronRight size={14} />
                </Group>
              ) : null
            }
            onClick={() => onFolder(f.ingest_db_id)}
          />
        ))}
      </ScrollArea.Autosize>
    </Paper>
  );
}
