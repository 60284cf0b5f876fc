import { defineModule } from '../../platform/modules';
import { tfaResetsJob } from './resets';
import { tfaRoutes } from './routes';

/** Two-factor authentication. */
export const tfaModule = defineModule({
  name: 'tfa',
  service: 'auth',
  routes: [tfaRoutes],
  recurring: (app) => [tfaResetsJob(app)],
});
