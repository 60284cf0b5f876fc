import { defineModule } from '../../platform/modules';
import { orderRoutes } from './routes';
import { cardPaymentRoutes } from './card-routes';

/** Orders and their payment. */
export const ordersModule = defineModule({
  name: 'orders',
  service: 'store',
  routes: [orderRoutes, cardPaymentRoutes],
});
