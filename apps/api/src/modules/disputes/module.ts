import { defineModule } from '../../platform/modules';
import { disputeAdminRoutes } from './admin-routes';
import { disputeRoutes } from './routes';

/** Disputes about delivered orders, in the order's conversation. */
export const disputesModule = defineModule({
  name: 'disputes',
  service: 'store',
  routes: [disputeRoutes],
  adminRoutes: [disputeAdminRoutes],
});
