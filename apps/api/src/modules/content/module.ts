import { defineModule } from '../../platform/modules';
import { contentAdminRoutes } from './admin-routes';
import { contentRoutes } from './routes';

/** Banners, pop-ups, text pages and home product groups. */
export const contentModule = defineModule({
  name: 'content',
  service: 'store',
  routes: [contentRoutes],
  adminRoutes: [contentAdminRoutes],
});
