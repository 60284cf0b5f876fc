import { defineModule } from '../../platform/modules';
import { regionAdminRoutes } from './admin-routes';
import { regionRoutes } from './routes';

/** Regions, shipping locations and the visitor's preferred region. */
export const regionsModule = defineModule({
  name: 'regions',
  service: 'store',
  routes: [regionRoutes],
  adminRoutes: [regionAdminRoutes],
});
