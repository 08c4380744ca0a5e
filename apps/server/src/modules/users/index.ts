import { defineModule } from '../../platform/modules.ts';
import { usersRoutes } from './users.routes.ts';

// What other modules may call (everything else in this folder is internal).
export { userIdsByEmail } from './userIdsByEmail.ts';

/** Looking people up (search by name or email within what the caller may see). */
export const usersModule = defineModule({
  name: 'users',
  routes: [usersRoutes],
});
