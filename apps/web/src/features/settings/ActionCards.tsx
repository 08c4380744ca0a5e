import { Group, Paper, SimpleGrid, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import {
  IconListDetails,
  IconPlugConnected,
  IconReceipt,
  IconUsersPlus,
  IconWebhook,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { AUDIT_TEXT, UI, WEBHOOK_TEXT } from '@rushes/shared';

interface CardProps {
  title: string;
  description: string;
  icon: ReactNode;
  onClick: () => void;
  busy?: boolean;
}

function ActionCard({ title, description, icon, onClick, busy }: CardProps) {
  return (
    <UnstyledButton
      onClick={onClick}
      disabled={busy}
      aria-busy={busy || undefined}
      style={{ height: '100%' }}
    >
      <Paper withBorder radius="md" p="md" h="100%">
        <Group wrap="nowrap" align="flex-start" gap="md">
          <ThemeIcon variant="light" size={42} radius="md">
            {icon}
          </ThemeIcon>
          <div style={{ minWidth: 0 }}>
            <Text fw={600}>{title}</Text>
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </div>
        </Group>
      </Paper>
    </UnstyledButton>
  );
}

interface ActionCardsProps {
  onCreateTeam: () => void;
  creatingTeam: boolean;
  onBilling: () => void;
  /** Shown only with can_view_app_integration in the selected team. */
  onIntegrations: (() => void) | null;
  /** Shown only to the selected team's admin. */
  onWebhooks?: (() => void) | null;
  /** Shown only to the selected team's admin. */
  onAuditLog?: (() => void) | null;
}

/** The Team Settings action cards (spec 002 §2): Create Team, Billing Details, App Integration. */
export function ActionCards({
  onCreateTeam,
  creatingTeam,
  onBilling,
  onIntegrations,
  onWebhooks,
  onAuditLog,
}: ActionCardsProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <ActionCard
        title={UI.createTeam}
        description={UI.createTeamDescription}
        icon={<IconUsersPlus size={22} />}
        onClick={onCreateTeam}
        busy={creatingTeam}
      />
      <ActionCard
        title={UI.billingDetails}
        description={UI.billingDetailsDescription}
        icon={<IconReceipt size={22} />}
        onClick={onBilling}
      />
      {onIntegrations && (
        <ActionCard
          title={UI.appIntegration}
          description={UI.appIntegrationDescription}
          icon={<IconPlugConnected size={22} />}
          onClick={onIntegrations}
        />
      )}
      {onWebhooks && (
        <ActionCard
          title={WEBHOOK_TEXT.title}
          description={WEBHOOK_TEXT.cardText}
          icon={<IconWebhook size={22} />}
          onClick={onWebhooks}
        />
      )}
      {onAuditLog && (
        <ActionCard
          title={AUDIT_TEXT.card}
          description={AUDIT_TEXT.cardDescription}
          icon={<IconListDetails size={22} />}
          onClick={onAuditLog}
        />
      )}
    </SimpleGrid>
  );
}
