import { Container, Stack, Text, Title } from '@mantine/core';
import { CREDIT_TEXT, MSG } from '@rushes/shared';
import { useSelectedTeam } from '../../api/currentUser.ts';
import { CreditsWallet } from './CreditsWallet.tsx';

/** /credits: the selected team's wallet, for its admins. */
export default function CreditsPage() {
  const { team } = useSelectedTeam();
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Title order={1} size="h2">
          {CREDIT_TEXT.walletTitle}
        </Title>
        {team?.is_admin ? (
          <CreditsWallet key={team.team_db_id} teamDbId={team.team_db_id} />
        ) : (
          <Text c="dimmed">{MSG.forbidden}</Text>
        )}
      </Stack>
    </Container>
  );
}
