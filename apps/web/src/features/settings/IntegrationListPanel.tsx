import { Group, Paper, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconBrandAws, IconChevronRight, IconMessageCircleShare, IconPhotoShare } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { UI, type BucketService } from '@rushes/shared';
import { usePanels } from '../../app/panels/PanelContext.ts';
import type { PanelBaseProps } from '../../app/panels/registry.ts';

const APPS: { name: string; description: string; icon: ReactNode; service: BucketService | 'sprinklr' }[] = [
  {
    name: UI.integrationS3,
    description: UI.integrationS3Description,
    icon: <IconBrandAws size={20} />,
    service: 's3',
  },
  {
    name: UI.integrationContido,
    description: UI.integrationContidoDescription,
    icon: <IconPhotoShare size={20} />,
    service: 'contido',
  },
  {
    name: UI.integrationSprinklr,
    description: UI.integrationSprinklrDescription,
    icon: <IconMessageCircleShare size={20} />,
    service: 'sprinklr',
  },
];

/** The integration list ('Applications', spec 002 §2): Amazon S3, Contido and Sprinklr. */
export default function IntegrationListPanel(_props: PanelBaseProps) {
  const panels = usePanels();
  return (
    <Stack gap="sm">
      {APPS.map((app) => {
        const card = (
          <Paper withBorder p="md" radius="md" aria-label={app.name} component="section">
            <Group wrap="nowrap" align="flex-start">
              <ThemeIcon variant="light" size="lg" radius="md">
                {app.icon}
              </ThemeIcon>
              <Stack gap={2} style={{ flex: 1 }}>
                <Group justify="space-between" gap="xs">
                  <Text fw={600}>{app.name}</Text>
                  <IconChevronRight size={16} />
                </Group>
                <Text size="sm" c="dimmed">
                  {app.description}
                </Text>
              </Stack>
            </Group>
          </Paper>
        );
        const service = app.service;
        return (
          <UnstyledButton
            key={app.name}
            onClick={() =>
              service === 'sprinklr'
                ? panels.open('sprinklr', {})
                : panels.open('bucketIntegrations', { service })
            }
          >
            {card}
          </UnstyledButton>
        );
      })}
    </Stack>
  );
}
