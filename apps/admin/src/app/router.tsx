/** The back office's screens; everything but signing in is inside the shell, behind the gate. */
import { createBrowserRouter, Navigate } from 'react-router';
import { AuditPage } from '../features/audit/AuditPage';
import { AuthGate } from '../features/auth/AuthGate';
import { ProductEditorPage } from '../features/products/ProductEditorPage';
import { ProductListPage } from '../features/products/ProductListPage';
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
      { path: 'audit', element: <AuditPage /> },
      { path: '*', element: <NotFound /> },
    ],
  },
]);
