import { defineModule } from '../../platform/modules';
import { backInStockMailJob } from './job';
import { backInStockRoutes } from './routes';

/** "Tell me when it is back" requests. */
export const backInStockModule = defineModule({
  name: 'back-in-stock',
  service: 'store',
  routes: [backInStockRoutes],
  jobs: (app) => [backInStockMailJob(app)],
});
