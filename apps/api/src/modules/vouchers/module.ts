import { defineModule } from '../../platform/modules';
import { voucherRoutes } from './routes';

/** Vouchers. */
export const vouchersModule = defineModule({
  name: 'vouchers',
  service: 'store',
  routes: [voucherRoutes],
});
