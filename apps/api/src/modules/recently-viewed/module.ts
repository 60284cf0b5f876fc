import { defineModule } from '../../platform/modules';
import { recentlyViewedRoutes } from './routes';

/** Recently viewed products. */
export const recentlyViewedModule = defineModule({
  name: 'recently-viewed',
  service: 'store',
  routes: [recentlyViewedRoutes],
});
