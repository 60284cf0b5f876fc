import { defineModule } from '../../platform/modules';
import { imageAdminRoutes } from './admin-routes';

/** Image uploads: back office only. */
export const imagesModule = defineModule({
  name: 'images',
  adminRoutes: [imageAdminRoutes],
});
