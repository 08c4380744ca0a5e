import { defineModule } from '../../platform/modules.ts';
import { accountsRoutes } from './accounts.routes.ts';

// What other modules may call (everything else in this folder is internal).
export { codeMail, type CodePurpose } from './accounts.mails.ts';
export {
  createUser,
  currentUserJoin,
  findUserByEmail,
  findUserById,
  requiresTwoFactor,
  updateUser,
} from './users.service.ts';

/** The signed-in user's own account: profile, password, two-factor. */
export const accountsModule = defineModule({
  name: 'accounts',
  routes: [accountsRoutes],
});
