/** The back office's screens; everything but signing in is inside the shell, behind the gate. */
import { createBrowserRouter, Navigate } from 'react-router';
import { AuditPage } from '../features/audit/AuditPage';
import { AuthGate } from '../features/auth/AuthGate';
import { CategoriesPage } from '../features/categories/CategoriesPage';
import { HelpPageEditorPage } from '../features/help-pages/HelpPageEditorPage';
import { HelpPagesPage } from '../features/help-pages/HelpPagesPage';
import { MerchantEditorPage } from '../features/merchants/MerchantEditorPage';
import { MerchantListPage } from '../features/merchants/MerchantListPage';
import { ProductEditorPage } from '../features/products/ProductEditorPage';
import { ProductListPage } from '../features/products/ProductListPage';
import { SettingsPage } from '../features/settings/SettingsPage';
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
      { path: 'categories', element: <CategoriesPage /> },
      { path: 'merchants', element: <MerchantListPage /> },
      { path: 'merchants/new', element: <MerchantEditorPage /> },
      { path: 'merchants/:id', element: <MerchantEditorPage /> },
      { path: 'help-pages', element: <HelpPagesPage /> },
      { path: 'help-pages/:slug', element: <HelpPageEditorPage /> },
      { path: 'settings', element: <SettingsPage /> },
      { path: 'audit', element: <AuditPage /> },
      { path: '*', element: <NotFound /> },
    ],
  },
]);
