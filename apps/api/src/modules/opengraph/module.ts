import { defineModule } from '../../platform/modules';
import { opengraphRoutes } from './routes';

/** Link previews (`POST /opengraph`): one of spec §7's serverless calls. */
export const opengraphModule = defineModule({
  name: 'opengraph',
  service: 'fn',
  routes: [opengraphRoutes],
});
