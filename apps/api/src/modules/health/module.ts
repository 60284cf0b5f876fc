import { defineModule } from '../../platform/modules';
import { healthRoutes } from './routes';

/** The load balancer's probes: every process. */
export const healthModule = defineModule({
  name: 'health',
  routes: [healthRoutes],
});
