import { defineModule, type KedaiModule } from './platform/modules';
import { mailDeliveryJob } from './platform/mailer';
import { systemModule } from './modules/system/module';
import { healthModule } from './modules/health/module';
import { regionsModule } from './modules/regions/module';
import { catalogueModule } from './modules/catalogue/module';
import { merchantsModule } from './modules/merchants/module';
import { contentModule } from './modules/content/module';
import { authModule } from './modules/auth/module';
import { tfaModule } from './modules/tfa/module';
import { usersModule } from './modules/users/module';
import { addressesModule } from './modules/addresses/module';
import { cartModule } from './modules/cart/module';
import { wishlistModule } from './modules/wishlist/module';
import { backInStockModule } from './modules/back-in-stock/module';
import { notificationsModule } from './modules/notifications/module';
import { recentlyViewedModule } from './modules/recently-viewed/module';
import { quotationsModule } from './modules/quotations/module';
import { opengraphModule } from './modules/opengraph/module';
import { checkoutModule } from './modules/checkout/module';
import { ordersModule } from './modules/orders/module';
import { chatModule } from './modules/chat/module';
import { disputesModule } from './modules/disputes/module';
import { paymentsModule } from './modules/payments/module';
import { vouchersModule } from './modules/vouchers/module';
import { staffModule } from './modules/staff/module';
import { imagesModule } from './modules/images/module';
import { jobsModule } from './modules/jobs/module';
import { devModule } from './modules/dev/module';

/** Delivery of every mail the modules send (platform/mailer.ts: the `mail.deliver` job). */
const mailModule = defineModule({
  name: 'mail',
  jobs: (app) => [mailDeliveryJob(app)],
});

/**
 * Every feature of the API, each declared in its folder's `module.ts` (platform/modules.ts): the one
 * list `app.ts` (routes by SERVICES), the back office (`adminRoutes`) and the job runner (`jobs`,
 * `recurring`) read. Routes are registered in this order.
 */
export const MODULES: readonly KedaiModule[] = [
  systemModule,
  healthModule,
  regionsModule,
  catalogueModule,
  merchantsModule,
  contentModule,
  authModule,
  tfaModule,
  usersModule,
  addressesModule,
  cartModule,
  wishlistModule,
  backInStockModule,
  notificationsModule,
  recentlyViewedModule,
  quotationsModule,
  opengraphModule,
  checkoutModule,
  ordersModule,
  chatModule,
  disputesModule,
  paymentsModule,
  vouchersModule,
  staffModule,
  imagesModule,
  jobsModule,
  mailModule,
  devModule,
];
