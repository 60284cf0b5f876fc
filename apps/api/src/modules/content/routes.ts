import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BannerList,
  ErrorEnvelope,
  HomeGroupByCategory,
  HomeGroupByCategoryQuery,
  HomeProductGroupList,
  IdParam,
  ImagePageDetail,
  PopupList,
  SlugParam,
  TextPageDetail,
} from '@kedai/contract';
import { findImagePage, findTextPage, homeGroupByCategory, listBanners, listHomeGroups, listPopups } from './service';

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['content'];
  const errors = { 400: ErrorEnvelope, 404: ErrorEnvelope };

  app.get('/banner', { schema: { tags, summary: 'Home page banners', response: { 200: BannerList } } }, async () => ({
    banners: await listBanners(app.db),
  }));

  app.get('/popup', { schema: { tags, summary: 'Active popups', response: { 200: PopupList } } }, async () => ({
    popups: await listPopups(app.db),
  }));

  app.get(
    '/home_product_group',
    { schema: { tags, summary: 'Product groups of the home page', response: { 200: HomeProductGroupList } } },
    async () => ({ groups: await listHomeGroups(app.db) }),
  );

  app.get(
    '/home_product_group/by_category',
    {
      schema: {
        tags,
        summary: 'A product group made from a category (id or path) and its subcategories',
        querystring: HomeGroupByCategoryQuery,
        response: { 200: HomeGroupByCategory, ...errors },
      },
    },
    async (request) => ({ group: await homeGroupByCategory(app.db, request.query.categoryId, request.query.limit) }),
  );

  app.get(
    '/image_page/:id',
    {
      schema: { tags, summary: 'An image page by id or slug', params: IdParam, response: { 200: ImagePageDetail, ...errors } },
    },
    async (request) => ({ imagePage: await findImagePage(app.db, request.params.id) }),
  );

  app.get(
    '/text_page/:slug',
    {
      schema: {
        tags,
        summary: 'A text page of the shop (shipping, returns, privacy, terms) by slug',
        params: SlugParam,
        response: { 200: TextPageDetail, ...errors },
      },
    },
    async (request) => ({ textPage: await findTextPage(app.db, request.params.slug) }),
  );
};
