import { UI } from '@rushes/shared';
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { PATHS } from '../../app/paths.ts';

/** A page whose feature arrives in a later issue; Back returns, or goes home in a fresh tab. */
export function ComingLaterPage({ title }: { title: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const back = () => {
    if (location.key === 'default') navigate(PATHS.home);
    else navigate(-1);
  };
  return (
    <Container size="md" py="lg">
      <Stack gap="md" align="flex-start">
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={back}>
          {UI.back}
        </Button>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed">{UI.arrivesLater}</Text>
      </Stack>
    </Container>
  );
}
