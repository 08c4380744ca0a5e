import { Button, Container, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { UI } from '@rushes/shared';
import { useSelectedTeam, useUser } from '../../api/currentUser.ts';
import { ProjectTray } from '../projects/ProjectTray.tsx';
import { SharedAssetsTray } from './SharedAssetsTray.tsx';
import { TaskTray } from './TaskTray.tsx';

export { prefetchHome as prefetch } from './prefetch.ts';

// The create form (and zod with it) loads on the first 'Create Project', not with home.
const CreateProjectModal = lazy(() =>
  import('../projects/CreateProjectModal.tsx').then((m) => ({ default: m.CreateProjectModal })),
);

/** Home (spec 002 §2): the task trays (live through useTaskEvents in the shell) and Shared Assets, then My Projects (with 'Create Project') and Collaborated Projects. */
export default function HomePage() {
  const user = useUser();
  const { team } = useSelectedTeam();
  const [creating, setCreating] = useState(false);
  /** Mounted from the first opening on, so later openings and every closing keep their transitions. */
  const [createUsed, setCreateUsed] = useState(false);

  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <Title order={1} size="h2">
          {UI.welcome(user.first_name || user.name)}
        </Title>
        <div data-tour="tasks">
          <TaskTray tray="my_tasks" title={UI.trayMyTasks} />
        </div>
        <TaskTray tray="assigned_tasks" title={UI.trayAssignedTasks} />
        <SharedAssetsTray />
        <div data-tour="projects">
          <ProjectTray
            tray="my_projects"
            title={UI.trayMyProjects}
            teamDbId={team?.team_db_id ?? null}
            action={
              <Button
                leftSection={<IconPlus size={16} />}
                onClick={() => {
                  setCreateUsed(true);
                  setCreating(true);
                }}
              >
                {UI.createProject}
              </Button>
            }
          />
        </div>
        <ProjectTray tray="collaborated_projects" title={UI.trayCollaboratedProjects} teamDbId={null} />
      </Stack>
      {createUsed && (
        <Suspense fallback={null}>
          <CreateProjectModal opened={creating} onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </Container>
  );
}
