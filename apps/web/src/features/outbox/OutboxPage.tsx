import { Alert, Button, Card, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { PUBLIC_MSG, formatDate, formatTime, type OutboxMail, PUBLIC_UI } from '@rushes/shared';
import { devRoutes } from '@rushes/shared/routes/auth';
import { ApiError, call } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { PATHS } from '../../app/paths.ts';
import { LinkifiedText } from '../../ui/LinkifiedText.tsx';
import { RouterAnchor } from '../../ui/RouterLinks.tsx';

const newestFirst = (a: OutboxMail, b: OutboxMail) => Date.parse(b.created_on) - Date.parse(a.created_on);

function MailCard({ mail }: { mail: OutboxMail }) {
  return (
    <Card withBorder component="article" aria-label={mail.subject}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Text fw={600}>{mail.subject}</Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatDate(mail.created_on)} {formatTime(mail.created_on)}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {PUBLIC_UI.outboxTo}: {mail.to}
        </Text>
        <LinkifiedText text={mail.text} />
      </Stack>
    </Card>
  );
}

/**
 * /outbox: the mails the server would have sent, while no SMTP is configured (DESIGN §2). Only the
 * server's own machine may read it unless MAIL_OUTBOX_REMOTE is on; the page says which.
 */
export default function OutboxPage() {
  const outbox = useQuery({
    queryKey: queryKeys.outbox,
    queryFn: ({ signal }) => call(devRoutes.outbox, undefined, { signal }),
    meta: { silent: true },
  });

  let content;
  if (outbox.isPending) {
    content = <Loader />;
  } else if (outbox.isError) {
    const error = outbox.error;
    const disabled = error instanceof ApiError && (error.status === 404 || error.errorcode === 404);
    const elsewhere = error instanceof ApiError && error.status === 403;
    content = (
      <Alert color={disabled || elsewhere ? 'gray' : 'red'} role="alert">
        {disabled
          ? PUBLIC_UI.outboxDisabled
          : error instanceof ApiError
            ? error.message
            : PUBLIC_MSG.somethingWentWrong}
      </Alert>
    );
  } else if (outbox.data.mails.length === 0) {
    content = <Text c="dimmed">{PUBLIC_MSG.noRecordFound}</Text>;
  } else {
    content = [...outbox.data.mails].sort(newestFirst).map((mail) => <MailCard key={mail.id} mail={mail} />);
  }

  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={1} size="h2">
            {PUBLIC_UI.outboxTitle}
          </Title>
          <Group gap="sm">
            <RouterAnchor to={PATHS.login} size="sm">
              {PUBLIC_UI.logIn}
            </RouterAnchor>
            <Button
              variant="light"
              leftSection={<IconRefresh size={16} />}
              loading={outbox.isFetching}
              onClick={() => void outbox.refetch()}
            >
              {PUBLIC_UI.refresh}
            </Button>
          </Group>
        </Group>
        {!outbox.isError && (
          <Text size="sm" c="dimmed">
            {outbox.data?.local_only === false ? PUBLIC_UI.outboxRemote : PUBLIC_UI.outboxLocalOnly}
          </Text>
        )}
        {content}
      </Stack>
    </Container>
  );
}
