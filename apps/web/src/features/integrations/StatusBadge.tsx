import { Badge } from '@mantine/core';
import { integrationStatusColor } from '@rushes/shared';

/** Integration status (spec 002 §4): failed red, success or integrated green, others yellow. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge
      color={integrationStatusColor(status)}
      variant="light"
      tt="none"
      data-testid="integration-status"
      data-color={integrationStatusColor(status)}
    >
      {status}
    </Badge>
  );
}
