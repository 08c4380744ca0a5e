import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate, roleTitle, UI, type ProjectCard } from '@rushes/shared';
import { AvatarStack } from '../teams/AvatarStack.tsx';
import { formatBytes } from './format.ts';
import { projectPath } from './paths.ts';

/** A home-tray card (spec 002 §3 Home tray): title to the project, ID, counts, members, role. */
export function ProjectCardView({ project }: { project: ProjectCard }) {
  const people = project.avatars.map((a) => ({ ...a, user_db_id: a.user_id }));
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={project.title}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Anchor component={Link} to={projectPath(project.project_db_id)} fw={600} truncate="end">
            {project.title}
          </Anchor>
          <Group gap={4} wrap="nowrap">
            {project.unread_chats > 0 && (
              <Badge
                size="sm"
                color="red"
                title={UI.unreadMessages(project.unread_chats)}
                aria-label={UI.unreadMessages(project.unread_chats)}
                data-testid="card-chat-unread"
              >
                {project.unread_chats}
              </Badge>
            )}
            {project.role !== 'creator' && (
              <Badge size="sm" variant="light" tt="none">
                {roleTitle(project.role)}
              </Badge>
            )}
          </Group>
        </Group>
        <Text size="xs" c="dimmed">
          {UI.projectId} {project.project_id} · {formatDate(project.created_on)}
        </Text>
        <Text size="sm">
          {UI.projectAssets(project.total_assets)} · {formatBytes(project.storage_used)}
        </Text>
        {project.role !== 'creator' && (
          <Text size="xs" c="dimmed" truncate="end">
            {UI.createdBy(project.creator.name)}
          </Text>
        )}
        <AvatarStack people={people} count={project.no_of_members} />
      </Stack>
    </Paper>
  );
}
