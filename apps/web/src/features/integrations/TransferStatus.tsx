import { Badge } from '@mantine/core';
import { TRANSFER_LABEL, type Transfer } from '@rushes/shared';

const COLOR: Record<Transfer['status'], string> = {
  queued: 'gray',
  in_progress: 'yellow',
  finished: 'green',
  failed: 'red',
  cancelled: 'gray',
};

/** A transfer's status (finished 1, in progress 3: spec 002 §4) as a coloured badge. */
export function TransferStatus({ transfer }: { transfer: Transfer }) {
  return (
    <Badge color={COLOR[transfer.status]} variant="light" tt="none" data-status-code={transfer.status_code}>
      {TRANSFER_LABEL[transfer.status]}
    </Badge>
  );
}
