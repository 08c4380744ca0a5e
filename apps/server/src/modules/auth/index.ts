import { defineModule } from '../../platform/modules.ts';
import { registerUserMappers } from './auth.realtime.ts';
import { authRoutes } from './auth.routes.ts';
import { reauthRoutes } from './reauth.routes.ts';
import { signinRoutes } from './signin.routes.ts';
import { liftTotpLockOnSignIn } from './totp.service.ts';

/** Sign-up, login (password, passkey, authenticator app, recovery code), sessions, password reset; the user-room hints of login and account changes. */
export const authModule = defineModule({
  name: 'auth',
  routes: [authRoutes, signinRoutes, reauthRoutes],
  listeners: [registerUserMappers, liftTotpLockOnSignIn],
});
