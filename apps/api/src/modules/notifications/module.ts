import { defineModule } from '../../platform/modules';
import { chatReplyMailJob, recordNotificationJob } from './job';
import { notificationRoutes } from './routes';

/** The shopper's notification feed, its e-mail choices and one-click unsubscribe; the chat reply e-mail. */
export const notificationsModule = defineModule({
  name: 'notifications',
  service: 'store',
  routes: [notificationRoutes],
  jobs: (app) => [recordNotificationJob(app), chatReplyMailJob(app)],
});
