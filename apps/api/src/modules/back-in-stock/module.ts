import { defineModule } from '../../platform/modules';
import { backInStockRoutes } from './routes';

/** "Tell me when it is back" requests. */
export const backInStockModule = defineModule({
  name: 'back-in-stock',
  service: 'store',
  routes: [backInStockRoutes],
});
