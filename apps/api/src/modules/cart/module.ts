import { defineModule } from '../../platform/modules';
import { cartRoutes } from './routes';

/** The cart. */
export const cartModule = defineModule({
  name: 'cart',
  service: 'store',
  routes: [cartRoutes],
});
