import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { MSG } from '@rushes/shared';
import { navigateTo } from '../../app/navigation.ts';
import { PATHS } from '../../app/paths.ts';
import { whenModalsReady } from '../../app/modalHost.ts';

const MODAL_ID = 'manage-team-welcome';

/**
 * The 'Manage Team' welcome modal (spec 002 §2, §4): opened when a team-plan subscription event
 * arrives; its Manage link goes to /settings. One at a time, however many events arrive.
 */
export function openManageTeamWelcome(): void {
  void whenModalsReady().then(showManageTeamWelcome);
}

function showManageTeamWelcome(): void {
  modals.close(MODAL_ID);
  modals.open({
    modalId: MODAL_ID,
    title: MSG.manageTeamTitle,
    centered: true,
    children: (
      <Stack gap="md">
        <Text>{MSG.manageTeamMessage}</Text>
        <Group justify="flex-end">
          <Button
            onClick={() => {
              modals.close(MODAL_ID);
              navigateTo(PATHS.settings);
            }}
          >
            {MSG.manageTeamLink}
          </Button>
        </Group>
      </Stack>
    ),
  });
}
