import { Badge, Code, Container, Group, List, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { UI, UPLOADER_PLATFORMS, UPLOADER_TEXT } from '@rushes/shared';
import { CopyIconButton } from '../../ui/CopyIconButton.tsx';

/** /uploader?os=… — the default uploader download (001 §2): how to run packages/uploader. */
export default function UploaderPage() {
  const [params] = useSearchParams();
  const platform = UPLOADER_PLATFORMS.find((p) => p.os === params.get('os'));
  const command = UPLOADER_TEXT.npmCommand(window.location.origin);
  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <Group>
          <Title order={2}>{UPLOADER_TEXT.title}</Title>
          {platform && <Badge variant="light">{platform.title}</Badge>}
        </Group>
        <Text>{UPLOADER_TEXT.intro}</Text>
        <List type="ordered" spacing="sm">
          <List.Item>{UPLOADER_TEXT.step1}</List.Item>
          <List.Item>
            <Stack gap={4}>
              <Text>{UPLOADER_TEXT.step2}</Text>
              <Group gap={4} wrap="nowrap">
                {/* the command wraps on a phone instead of widening the page; Copy takes it whole */}
                <Code block style={{ flex: 1, minWidth: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                  {command}
                </Code>
                <CopyIconButton value={command} label={UI.copy} />
              </Group>
            </Stack>
          </List.Item>
          <List.Item>{UPLOADER_TEXT.step3}</List.Item>
        </List>
        <Text size="sm" c="dimmed">
          {UPLOADER_TEXT.executables}
        </Text>
      </Stack>
    </Container>
  );
}
