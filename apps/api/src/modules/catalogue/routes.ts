import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CategoryList, ErrorEnvelope, IdParam, Product, SearchQuery, SearchResult } from '@kedai/contract';
import { trustedAnswers } from '../../platform/trusted-answers';
import { categoryTree } from './categories';
import { searchProducts } from './search';
import { getProduct } from './service';

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['products'];
  const errors = { 400: ErrorEnvelope, 404: ErrorEnvelope };
  const serializer = trustedAnswers(app.config.env);

  app.get(
    '/product/search',
    {
      schema: {
        tags,
        summary: 'Search and browse the catalogue with filters, facets and paging',
        querystring: SearchQuery,
        response: { 200: SearchResult, ...errors },
      },
      ...serializer,
    },
    async (request) => searchProducts(app.db, request.query),
  );

  app.get(
    '/product/one/:id',
    {
      schema: {
        tags,
        summary: 'One product by uuid or paramName',
        description:
          'A read only: it records no view (Next.js prefetches every product link of a listing, and the storefront ' +
          'renders the page on its server). The product page records the view with `POST /product/{id}/view`.',
        params: IdParam,
        response: { 200: Product, ...errors },
      },
      ...serializer,
    },
    async (request) => getProduct(app.db, request.params.id),
  );

  app.get(
    '/product/categories',
    { schema: { tags, summary: 'The category tree, parents before children', response: { 200: CategoryList } } },
    async () => ({ categories: (await categoryTree(app.db)).list }),
  );
};
