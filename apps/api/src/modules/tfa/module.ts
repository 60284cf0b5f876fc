import { defineModule } from '../../platform/modules';
import { tfaRoutes } from './routes';

/** Two-factor authentication. */
export const tfaModule = defineModule({
  name: 'tfa',
  service: 'auth',
  routes: [tfaRoutes],
});
