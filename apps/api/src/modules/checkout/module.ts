import { defineModule } from '../../platform/modules';
import { checkoutRoutes } from './routes';

/** Checkout sessions and placing orders. */
export const checkoutModule = defineModule({
  name: 'checkout',
  service: 'store',
  routes: [checkoutRoutes],
});
