import { Badge, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBrandAws, IconMessageCircleShare, IconPhotoShare } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { MSG, UI } from '@rushes/shared';
import type { PanelBaseProps } from '../../app/panels/registry.ts';

const APPS: { name: string; description: string; icon: ReactNode }[] = [
  { name: UI.integrationS3, description: UI.integrationS3Description, icon: <IconBrandAws size={20} /> },
  {
    name: UI.integrationContido,
    description: UI.integrationContidoDescription,
    icon: <IconPhotoShare size={20} />,
  },
  {
    name: UI.integrationSprinklr,
    description: UI.integrationSprinklrDescription,
    icon: <IconMessageCircleShare size={20} />,
  },
];

/** The integration list ('Applications', spec 002 §2): the three integrations, arriving later. */
export default function IntegrationListPanel(_props: PanelBaseProps) {
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {UI.arrivesLater}
      </Text>
      {APPS.map((app) => (
        <Paper key={app.name} withBorder p="md" radius="md" aria-label={app.name} component="section">
          <Group wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" size="lg" radius="md">
              {app.icon}
            </ThemeIcon>
            <Stack gap={2} style={{ flex: 1 }}>
              <Group justify="space-between" gap="xs">
                <Text fw={600}>{app.name}</Text>
                <Badge variant="light" color="gray" tt="none">
                  {MSG.comingSoon}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {app.description}
              </Text>
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
