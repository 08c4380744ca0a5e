import { Badge, Group, Stack, TextInput, Title } from '@mantine/core';
import { MSG, UI } from '@rushes/shared';
import { useUser } from '../../api/currentUser.ts';

/** The profile editor is marked 'Coming Soon' and does nothing (spec 002 §2 Account settings). */
export function ProfileSection() {
  const user = useUser();
  return (
    <Stack gap="sm" component="section" aria-label={UI.profile}>
      <Group gap="xs">
        <Title order={2} size="h5">
          {UI.profile}
        </Title>
        <Badge variant="light" color="gray">
          {MSG.comingSoon}
        </Badge>
      </Group>
      <Group grow>
        <TextInput label={UI.firstName} value={user.first_name} disabled readOnly />
        <TextInput label={UI.lastName} value={user.last_name} disabled readOnly />
      </Group>
      <TextInput label={UI.email} value={user.email} disabled readOnly />
    </Stack>
  );
}
