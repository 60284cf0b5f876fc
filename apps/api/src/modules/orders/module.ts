import { defineModule } from '../../platform/modules';
import { orderAdminRoutes } from './admin-routes';
import { orderMailJob } from './mail';
import { orderExpiryJob } from './expiry';
import { cardSettleJob } from './card-settle';
import { orderRoutes } from './routes';
import { cardPaymentRoutes } from './card-routes';

/** Orders and their payment. */
export const ordersModule = defineModule({
  name: 'orders',
  service: 'store',
  routes: [orderRoutes, cardPaymentRoutes],
  adminRoutes: [orderAdminRoutes],
  jobs: (app) => [orderMailJob(app)],
  recurring: (app) => [orderExpiryJob(app), cardSettleJob(app)],
});
