import { Button, Container, Stack, Text, type MantineSize } from '@mantine/core';
import { Link } from 'react-router';
import { MSG, UI } from '@rushes/shared';
import { ApiError } from '../../api/client.ts';
import { PATHS } from '../../app/paths.ts';

/**
 * What a player page (/player/{id}, /ios-player/?id=) shows when its asset cannot be had: the server's
 * own answer (not found, no access) or a generic failure, and the way home.
 */
export function PlayerAssetError({ error, size }: { error: Error | null; size: MantineSize }) {
  return (
    <Container size={size} py="xl">
      <Stack align="flex-start" gap="sm">
        <Text role="alert">{error instanceof ApiError ? error.message : MSG.somethingWentWrong}</Text>
        <Button component={Link} to={PATHS.home} variant="default">
          {UI.home}
        </Button>
      </Stack>
    </Container>
  );
}
