import { defineModule } from '../../platform/modules.ts';
import { transfersRunJob } from './transfers.jobs.ts';
import { manageTransferPolicy, viewTransfersPolicy } from './transfers.policy.ts';
import { registerTransferMappers } from './transfers.realtime.ts';
import { transfersRoutes } from './transfers.routes.ts';

// What other modules may call (everything else in this folder is internal).
export {
  createTransfer,
  finishItem,
  pendingItems,
  saveItemParts,
  transferHeldUploads,
  transferView,
  type NewTransfer,
  type TransferItemRow,
  type TransferRow,
} from './transfers.service.ts';
export { registerTransferRunner, TransferCancelled, type TransferRun } from './transfers.jobs.ts';

/**
 * Transfers: every import, export and integration share is a row the project's members
 * follow live; the `transfers.run` job moves the bytes through the runner its module registered.
 */
export const transfersModule = defineModule({
  name: 'transfers',
  policies: {
    'transfers.canManageTransfer': manageTransferPolicy(),
    'transfers.canViewTransfers': viewTransfersPolicy(),
  },
  routes: [transfersRoutes],
  listeners: [registerTransferMappers],
  jobs: { 'transfers.run': transfersRunJob },
});
