import { defineModule } from '../../platform/modules.ts';
import { registerUserMappers } from './auth.realtime.ts';
import { authRoutes } from './auth.routes.ts';

/** Sign-up, login, sessions, password reset; the user-room hints of login and account changes. */
export const authModule = defineModule({
  name: 'auth',
  routes: [authRoutes],
  listeners: [registerUserMappers],
});
