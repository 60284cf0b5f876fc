import { defineModule } from '../../platform/modules';
import { quotationRoutes } from './routes';

/** Quotations ("buy it for me"). */
export const quotationsModule = defineModule({
  name: 'quotations',
  service: 'store',
  routes: [quotationRoutes],
});
