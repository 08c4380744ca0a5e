import { Badge } from '@mantine/core';
import { APPROVAL_STATUS_LABELS, type ApprovalStatusCode } from '@rushes/shared';

/** Colours of the asset approval statuses (002 §3 codes; colours are ours, docs/decisions/0008-tasks-and-approvals.md). */
export const APPROVAL_STATUS_COLOURS: Record<ApprovalStatusCode, string> = {
  0: 'gray',
  1: 'blue',
  2: 'orange',
  3: 'green',
};

const codeOf = (status: number): ApprovalStatusCode =>
  status === 1 || status === 2 || status === 3 ? status : 0;

/** An asset's approval status as a badge: No Status, In Progress, Needs Review, Approved. */
export function ApprovalStatusBadge({ status }: { status: number }) {
  const code = codeOf(status);
  return (
    <Badge size="sm" variant="light" tt="none" color={APPROVAL_STATUS_COLOURS[code]} data-approval={code}>
      {APPROVAL_STATUS_LABELS[code]}
    </Badge>
  );
}
