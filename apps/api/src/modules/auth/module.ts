import { defineModule } from '../../platform/modules';
import { authRoutes } from './routes';
import { passwordRoutes } from './password-routes';

/** Registration, sign-in, sessions and passwords. */
export const authModule = defineModule({
  name: 'auth',
  service: 'auth',
  routes: [authRoutes, passwordRoutes],
});
