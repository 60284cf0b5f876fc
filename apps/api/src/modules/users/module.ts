import { defineModule } from '../../platform/modules';
import { userRoutes } from './routes';

/** The shopper's profile (/user/*). */
export const usersModule = defineModule({
  name: 'users',
  service: 'auth',
  routes: [userRoutes],
});
