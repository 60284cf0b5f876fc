import { defineModule } from '../../platform/modules';
import { catalogueRoutes } from './routes';

/** Products, categories and search. */
export const catalogueModule = defineModule({
  name: 'catalogue',
  service: 'store',
  routes: [catalogueRoutes],
});
