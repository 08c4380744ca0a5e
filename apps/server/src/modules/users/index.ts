import { defineModule } from '../../platform/modules.ts';
import { usersRoutes } from './users.routes.ts';

// What other modules may call (everything else in this folder is internal).
export { gateUserSearchByTeam, type TeamGate } from './teamGate.ts';
export { userIdsByEmail } from './userIdsByEmail.ts';
export {
  findUserByEmail,
  findUserById,
  insertUser,
  inviterNameOf,
  nameSql,
  updateUser,
  userJsonSql,
  type UserFields,
  type UserRow,
} from './users.rows.ts';

/** User rows (their reads and writes) and looking people up (search within what the caller may see). */
export const usersModule = defineModule({
  name: 'users',
  routes: [usersRoutes],
});
