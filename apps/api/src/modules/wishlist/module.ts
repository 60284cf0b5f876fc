import { defineModule } from '../../platform/modules';
import { wishlistRoutes } from './routes';

/** The wishlist. */
export const wishlistModule = defineModule({
  name: 'wishlist',
  service: 'store',
  routes: [wishlistRoutes],
});
