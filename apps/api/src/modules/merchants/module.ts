import { defineModule } from '../../platform/modules';
import { merchantRoutes } from './routes';

/** Merchants. */
export const merchantsModule = defineModule({
  name: 'merchants',
  service: 'store',
  routes: [merchantRoutes],
});
