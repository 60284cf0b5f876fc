import { defineModule } from '../../platform/modules';
import { catalogueAdminRoutes } from './admin-routes';
import { catalogueRoutes } from './routes';

/** Products, categories and search. */
export const catalogueModule = defineModule({
  name: 'catalogue',
  service: 'store',
  routes: [catalogueRoutes],
  adminRoutes: [catalogueAdminRoutes],
});
