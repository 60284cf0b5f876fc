import { defineModule } from '../../platform/modules';

/** Staff, roles and the audit log: back office only. */
export const staffModule = defineModule({
  name: 'staff',
});
