import { Container, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { MSG, UI } from '@rushes/shared';
import { useUser } from '../../api/currentUser.ts';

/** The home trays (spec 002 §2); their cards arrive with the task, asset and project modules. */
const TASK_TRAYS = [UI.trayMyTasks, UI.trayAssignedTasks, UI.traySharedAssets];
const PROJECT_TRAYS = [UI.trayMyProjects, UI.trayCollaboratedProjects];

function Tray({ title }: { title: string }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text c="dimmed" size="sm">
          {MSG.noRecordFound}
        </Text>
      </Stack>
    </Paper>
  );
}

export default function HomePage() {
  const user = useUser();
  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <Title order={1} size="h2">
          {UI.welcome(user.first_name || user.name)}
        </Title>
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          {TASK_TRAYS.map((title) => (
            <Tray key={title} title={title} />
          ))}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {PROJECT_TRAYS.map((title) => (
            <Tray key={title} title={title} />
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
