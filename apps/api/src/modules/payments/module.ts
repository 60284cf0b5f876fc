import { defineModule } from '../../platform/modules';
import { savedCardRoutes } from './routes';

/** Saved cards and the card provider's webhook. */
export const paymentsModule = defineModule({
  name: 'payments',
  service: 'store',
  routes: [savedCardRoutes],
});
