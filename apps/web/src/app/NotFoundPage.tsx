import { Center, Stack, Text, Title } from '@mantine/core';
import { PUBLIC_MSG, PUBLIC_UI } from '@rushes/shared';
import { RouterButton } from '../ui/RouterLinks.tsx';
import { PATHS } from './paths.ts';

/** Any unknown route (spec 002 §2 '*'). */
export default function NotFoundPage() {
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="md">
        <Title order={1}>{PUBLIC_UI.pageNotFound}</Title>
        <Text c="dimmed">{PUBLIC_MSG.notFound}</Text>
        <RouterButton to={PATHS.home}>{PUBLIC_UI.home}</RouterButton>
      </Stack>
    </Center>
  );
}
