import { defineModule } from '../../platform/modules.ts';
import { registerShareMappers } from './shares.realtime.ts';

// What other modules may call (everything else in this folder is internal).
export { createSharesService, dropSharesOf } from './shares.service.ts';

/** Assets shared with people: the 'Shared Assets' tray of the recipients. */
export const sharesModule = defineModule({
  name: 'shares',
  listeners: [registerShareMappers],
});
