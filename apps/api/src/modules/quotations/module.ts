import { defineModule } from '../../platform/modules';
import { quotationAdminRoutes } from './admin-routes';
import { quotationMailJob } from './admin';
import { quotationRoutes } from './routes';

/** Quotations ("buy it for me"). */
export const quotationsModule = defineModule({
  name: 'quotations',
  service: 'store',
  routes: [quotationRoutes],
  adminRoutes: [quotationAdminRoutes],
  jobs: (app) => [quotationMailJob(app)],
});
