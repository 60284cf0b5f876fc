import { defineModule } from '../../platform/modules';
import { staffAdminRoutes } from './admin-routes';

/** Staff, roles and the audit log: back office only. */
export const staffModule = defineModule({
  name: 'staff',
  adminRoutes: [staffAdminRoutes],
});
