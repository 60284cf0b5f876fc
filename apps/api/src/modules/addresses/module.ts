import { defineModule } from '../../platform/modules';
import { addressRoutes } from './routes';

/** The address book. */
export const addressesModule = defineModule({
  name: 'addresses',
  service: 'store',
  routes: [addressRoutes],
});
