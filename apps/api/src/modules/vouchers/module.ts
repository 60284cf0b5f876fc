import { defineModule } from '../../platform/modules';
import { voucherAdminRoutes } from './admin-routes';
import { voucherRoutes } from './routes';

/** Vouchers. */
export const vouchersModule = defineModule({
  name: 'vouchers',
  service: 'store',
  routes: [voucherRoutes],
  adminRoutes: [voucherAdminRoutes],
});
