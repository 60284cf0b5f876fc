import { defineModule } from '../../platform/modules';
import { systemRoutes } from './routes';

/** /ping and the public /config: every process. */
export const systemModule = defineModule({
  name: 'system',
  routes: [systemRoutes],
});
