import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminCategoryInput,
  AdminIdParam,
  AdminProduct,
  AdminProductInput,
  AdminProductList,
  AdminProductListQuery,
  AdminStockAnswer,
  AdminStockChange,
  CategoryDetail,
  ErrorEnvelope,
  NoContent,
} from '@kedai/contract';
import { authOf } from '../../platform/auth-guard';
import { changeStock, createProduct, listProductsForStaff, productForStaff, updateProduct } from './admin';
import { createCategory, deleteCategory, updateCategory } from './category-admin';

/** The back office's products (issue 14): staff and owners, two-factor passed (rules: access.md "Staff"). */
export const catalogueAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const denied = { 401: ErrorEnvelope, 403: ErrorEnvelope };
  const invalid =
    "400 with the first problem's code (`product/invalid_…`, `product/unknown_category`, `product/unknown_merchant`) and " +
    '`params` listing every problem as `{field, errorCode, error}`; 409 `product/param_name_taken`.';

  app.get(
    '/admin/product',
    {
      schema: {
        tags,
        summary: 'Products for staff, disabled ones too: search (name, URL name, id), filter, sort and page on the server',
        querystring: AdminProductListQuery,
        response: { 200: AdminProductList, 400: ErrorEnvelope, ...denied },
      },
    },
    async (request) => listProductsForStaff(app.db, request.query),
  );

  app.get(
    '/admin/product/:id',
    {
      schema: {
        tags,
        summary: 'One product to edit, with its version',
        params: AdminIdParam,
        response: { 200: AdminProduct, 404: ErrorEnvelope, ...denied },
      },
    },
    async (request) => productForStaff(app.db, request.params.id),
  );

  app.post(
    '/admin/product',
    {
      schema: {
        tags,
        summary: 'Create a product, with its variants, prices per region and stock',
        description: invalid,
        body: AdminProductInput,
        response: { 201: AdminProduct, 400: ErrorEnvelope, 409: ErrorEnvelope, ...denied },
      },
    },
    async (request, reply) => reply.code(201).send(await createProduct(app.db, authOf(request).user.id, request.body)),
  );

  app.put(
    '/admin/product/:id',
    {
      schema: {
        tags,
        summary: 'Save a product as edited from `version`; its stock is left as it is now',
        description: `${invalid} 409 \`product/version_conflict\` when someone saved it since \`version\`.`,
        params: AdminIdParam,
        body: AdminProductInput,
        response: { 200: AdminProduct, 400: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, ...denied },
      },
    },
    async (request) => updateProduct(app.db, authOf(request).user.id, request.params.id, request.body),
  );

  app.post(
    '/admin/product/:id/stock',
    {
      schema: {
        tags,
        summary: 'Change the stock of a product or one variant path: by `delta`, or to `stock` when it still is `expected`',
        description:
          '400 `product/invalid_stock` when it would go below 0 or above 1,000,000, `cart/invalid_variant_path` for a path the ' +
          'product does not have; 409 `product/stock_changed` (`params[0]` the stock now) when it is no longer `expected`.',
        params: AdminIdParam,
        body: AdminStockChange,
        response: { 200: AdminStockAnswer, 400: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, ...denied },
      },
    },
    async (request) => changeStock(app.db, authOf(request).user.id, request.params.id, request.body),
  );

  const categoryProblems =
    "400 with the first problem's code (`category/invalid_…`) and `params` listing every problem; 409 `category/key_taken` " +
    'when a sibling has the key.';

  app.post(
    '/admin/category',
    {
      schema: {
        tags,
        summary: 'Add a category, top-level or under a parent',
        description: categoryProblems,
        body: AdminCategoryInput,
        response: { 201: CategoryDetail, 400: ErrorEnvelope, 409: ErrorEnvelope, ...denied },
      },
    },
    async (request, reply) => reply.code(201).send(await createCategory(app.db, authOf(request).user.id, request.body)),
  );

  app.put(
    '/admin/category/:id',
    {
      schema: {
        tags,
        summary: 'Rename, re-key, move or reorder a category; its subcategories move with it',
        description: `${categoryProblems} 400 \`category/invalid_parent\` for a parent inside its own subtree.`,
        params: AdminIdParam,
        body: AdminCategoryInput,
        response: { 200: CategoryDetail, 400: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, ...denied },
      },
    },
    async (request) => updateCategory(app.db, authOf(request).user.id, request.params.id, request.body),
  );

  app.delete(
    '/admin/category/:id',
    {
      schema: {
        tags,
        summary: 'Delete a category that has no subcategories and no products',
        description: '409 `category/not_empty` otherwise, and `category/in_home_group` while a product group of the home page shows it.',
        params: AdminIdParam,
        response: { 204: NoContent, 404: ErrorEnvelope, 409: ErrorEnvelope, ...denied },
      },
    },
    async (request, reply) => {
      await deleteCategory(app.db, authOf(request).user.id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
