import { defineModule } from '../../platform/modules';
import { chatAdminRoutes } from './admin-routes';
import { chatPhotoRoutes, disputePhotoRoutes } from './photos';
import { chatRoutes } from './routes';
import { chatSocketRoutes } from './socket';

/** The conversation about each order (issue 29): shoppers' and staff's messages, photos, read marks, the inbox. */
export const chatModule = defineModule({
  name: 'chat',
  service: 'store',
  // The live socket at /ws (socket.ts) too: the storefront's and the back office's pages reach it.
  routes: [chatRoutes, chatPhotoRoutes('shopper'), disputePhotoRoutes, chatSocketRoutes],
  adminRoutes: [chatAdminRoutes, chatPhotoRoutes('staff')],
});
