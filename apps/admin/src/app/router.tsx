/** The back office's screens; everything but signing in is inside the shell, behind the gate. */
import { createBrowserRouter, Navigate } from 'react-router';
import { AccountPage } from '../features/account/AccountPage';
import { AuditPage } from '../features/audit/AuditPage';
import { AuthGate } from '../features/auth/AuthGate';
import { CategoriesPage } from '../features/categories/CategoriesPage';
import { HelpPageEditorPage } from '../features/help-pages/HelpPageEditorPage';
import { HelpPagesPage } from '../features/help-pages/HelpPagesPage';
import { InboxPage } from '../features/inbox/InboxPage';
import { JobsPage } from '../features/jobs/JobsPage';
import { BannerEditorPage, PopupEditorPage } from '../features/home-page/BannerPopupEditors';
import { GroupEditorPage } from '../features/home-page/GroupEditorPage';
import { BannersPage, GroupsPage, ImagePagesPage, PopupsPage } from '../features/home-page/HomeContentPages';
import { ImagePageEditorPage } from '../features/home-page/ImagePageEditorPage';
import { MerchantEditorPage } from '../features/merchants/MerchantEditorPage';
import { MerchantListPage } from '../features/merchants/MerchantListPage';
import { OrderDetailPage } from '../features/orders/OrderDetailPage';
import { OrderListPage } from '../features/orders/OrderListPage';
import { PaymentsPage } from '../features/payments/PaymentsPage';
import { ProductEditorPage } from '../features/products/ProductEditorPage';
import { ProductListPage } from '../features/products/ProductListPage';
import { QuotationDetailPage } from '../features/quotations/QuotationDetailPage';
import { QuotationListPage } from '../features/quotations/QuotationListPage';
import { SettingsPage } from '../features/settings/SettingsPage';
import { StaffPage } from '../features/staff/StaffPage';
import { VoucherEditorPage } from '../features/vouchers/VoucherEditorPage';
import { VoucherListPage } from '../features/vouchers/VoucherListPage';
import { NotFound } from './NotFound';
import { Shell } from './Shell';

export const router = createBrowserRouter([
  {
    path: '/',
    element: (
      <AuthGate>
        <Shell />
      </AuthGate>
    ),
    children: [
      { index: true, element: <Navigate to="/products" replace /> },
      { path: 'products', element: <ProductListPage /> },
      { path: 'products/new', element: <ProductEditorPage /> },
      { path: 'products/:id', element: <ProductEditorPage /> },
      { path: 'orders', element: <OrderListPage /> },
      { path: 'orders/:id', element: <OrderDetailPage /> },
      { path: 'inbox', element: <InboxPage /> },
      { path: 'payments', element: <PaymentsPage /> },
      { path: 'quotations', element: <QuotationListPage /> },
      { path: 'quotations/:id', element: <QuotationDetailPage /> },
      { path: 'vouchers', element: <VoucherListPage /> },
      { path: 'vouchers/new', element: <VoucherEditorPage /> },
      { path: 'vouchers/:id', element: <VoucherEditorPage /> },
      { path: 'jobs', element: <JobsPage /> },
      { path: 'categories', element: <CategoriesPage /> },
      { path: 'merchants', element: <MerchantListPage /> },
      { path: 'merchants/new', element: <MerchantEditorPage /> },
      { path: 'merchants/:id', element: <MerchantEditorPage /> },
      { path: 'help-pages', element: <HelpPagesPage /> },
      { path: 'help-pages/:slug', element: <HelpPageEditorPage /> },
      { path: 'home-page', element: <Navigate to="/home-page/banners" replace /> },
      { path: 'home-page/banners', element: <BannersPage /> },
      { path: 'home-page/banners/new', element: <BannerEditorPage /> },
      { path: 'home-page/banners/:id', element: <BannerEditorPage /> },
      { path: 'home-page/popups', element: <PopupsPage /> },
      { path: 'home-page/popups/new', element: <PopupEditorPage /> },
      { path: 'home-page/popups/:id', element: <PopupEditorPage /> },
      { path: 'home-page/groups', element: <GroupsPage /> },
      { path: 'home-page/groups/new', element: <GroupEditorPage /> },
      { path: 'home-page/groups/:id', element: <GroupEditorPage /> },
      { path: 'home-page/image-pages', element: <ImagePagesPage /> },
      { path: 'home-page/image-pages/new', element: <ImagePageEditorPage /> },
      { path: 'home-page/image-pages/:id', element: <ImagePageEditorPage /> },
      { path: 'settings', element: <SettingsPage /> },
      { path: 'staff', element: <StaffPage /> },
      { path: 'audit', element: <AuditPage /> },
      { path: 'account', element: <AccountPage /> },
      { path: '*', element: <NotFound /> },
    ],
  },
]);
