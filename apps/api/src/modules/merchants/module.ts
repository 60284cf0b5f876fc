import { defineModule } from '../../platform/modules';
import { merchantAdminRoutes } from './admin-routes';
import { merchantRoutes } from './routes';

/** Merchants. */
export const merchantsModule = defineModule({
  name: 'merchants',
  service: 'store',
  routes: [merchantRoutes],
  adminRoutes: [merchantAdminRoutes],
});
