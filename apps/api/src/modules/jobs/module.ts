import { defineModule } from '../../platform/modules';
import { jobAdminRoutes } from './admin-routes';

/** The durable jobs staff see and retry: back office only (the runner itself is platform/jobs.ts). */
export const jobsModule = defineModule({
  name: 'jobs',
  adminRoutes: [jobAdminRoutes],
});
