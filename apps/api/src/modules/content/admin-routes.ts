import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminBannerDetail,
  AdminBannerInput,
  AdminBannerList,
  AdminHomeGroupDetail,
  AdminHomeGroupInput,
  AdminHomeGroupList,
  AdminIdParam,
  AdminImagePageDetail,
  AdminImagePageInput,
  AdminImagePageList,
  AdminPopupDetail,
  AdminPopupInput,
  AdminPopupList,
  AdminTextPageInput,
  ErrorEnvelope,
  NoContent,
  SlugParam,
  TextPageDetail,
} from '@kedai/contract';
import { authOf } from '../../platform/auth-guard';
import { saveTextPage } from './admin';
import {
  createBanner,
  createHomeGroup,
  createImagePage,
  createPopup,
  deleteBanner,
  deleteHomeGroup,
  deleteImagePage,
  deletePopup,
  listBannersForStaff,
  listHomeGroupsForStaff,
  listImagePagesForStaff,
  listPopupsForStaff,
  updateBanner,
  updateHomeGroup,
  updateImagePage,
  updatePopup,
} from './home-admin';

/** The back office's content (issue 14): staff and owners, two-factor passed. */
export const contentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const denied = { 401: ErrorEnvelope, 403: ErrorEnvelope };
  const writes = { 400: ErrorEnvelope, ...denied };
  const actor = (request: Parameters<typeof authOf>[0]) => authOf(request).user.id;
  const fields = "400 with the first problem's code and `params` listing every problem as `{field, errorCode, error}`; ";
  const link = 'a link is a path on the shop or an http(s) address (`content/invalid_link`, never `javascript:`)';

  app.put(
    '/admin/text_page/:slug',
    {
      schema: {
        tags,
        summary: "Change one of the shop's text pages (shipping, returns, privacy, terms): its title and Markdown",
        description: '400 `text_page/invalid_title` or `text_page/invalid_body`; 404 `general/not_found` for an unknown page.',
        params: SlugParam,
        body: AdminTextPageInput,
        response: { 200: TextPageDetail, 404: ErrorEnvelope, ...writes },
      },
    },
    async (request) => saveTextPage(app.db, actor(request), request.params.slug, request.body),
  );

  // ——— Banners ———

  app.get(
    '/admin/banner',
    {
      schema: { tags, summary: "The home page's banners, disabled ones too, in order", response: { 200: AdminBannerList, ...denied } },
    },
    async () => listBannersForStaff(app.db),
  );
  app.post(
    '/admin/banner',
    {
      schema: {
        tags,
        summary: 'Add a banner to the home page (last unless `sortOrder` says)',
        description: `${fields}${link}.`,
        body: AdminBannerInput,
        response: { 201: AdminBannerDetail, ...writes },
      },
    },
    async (request, reply) => reply.code(201).send(await createBanner(app.db, actor(request), request.body)),
  );
  app.put(
    '/admin/banner/:id',
    {
      schema: {
        tags,
        summary: 'Change a banner: its title, image, link, place or whether it is shown',
        description: `${fields}${link}; 404 \`banner/not_found\`.`,
        params: AdminIdParam,
        body: AdminBannerInput,
        response: { 200: AdminBannerDetail, 404: ErrorEnvelope, ...writes },
      },
    },
    async (request) => updateBanner(app.db, actor(request), request.params.id, request.body),
  );
  app.delete(
    '/admin/banner/:id',
    {
      schema: { tags, summary: 'Delete a banner', params: AdminIdParam, response: { 204: NoContent, 404: ErrorEnvelope, ...denied } },
    },
    async (request, reply) => {
      await deleteBanner(app.db, actor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  // ——— Popups ———

  app.get(
    '/admin/popup',
    {
      schema: { tags, summary: "The home page's popups, disabled ones too, in order", response: { 200: AdminPopupList, ...denied } },
    },
    async () => listPopupsForStaff(app.db),
  );
  app.post(
    '/admin/popup',
    {
      schema: {
        tags,
        summary: 'Add a popup to the home page (last unless `sortOrder` says)',
        description: `${fields}${link}.`,
        body: AdminPopupInput,
        response: { 201: AdminPopupDetail, ...writes },
      },
    },
    async (request, reply) => reply.code(201).send(await createPopup(app.db, actor(request), request.body)),
  );
  app.put(
    '/admin/popup/:id',
    {
      schema: {
        tags,
        summary: 'Change a popup: its name, image, link, place or whether it is shown',
        description: `${fields}${link}; 404 \`popup/not_found\`.`,
        params: AdminIdParam,
        body: AdminPopupInput,
        response: { 200: AdminPopupDetail, 404: ErrorEnvelope, ...writes },
      },
    },
    async (request) => updatePopup(app.db, actor(request), request.params.id, request.body),
  );
  app.delete(
    '/admin/popup/:id',
    {
      schema: { tags, summary: 'Delete a popup', params: AdminIdParam, response: { 204: NoContent, 404: ErrorEnvelope, ...denied } },
    },
    async (request, reply) => {
      await deletePopup(app.db, actor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  // ——— Home product groups ———

  const groupRules =
    'A group shows a category (and its subcategories) or a list of products, never both (`home_group/invalid_source`); ' +
    'an unknown category or product is 400 `home_group/unknown_category` or `home_group/unknown_products`';
  app.get(
    '/admin/home_product_group',
    {
      schema: {
        tags,
        summary: "The home page's product groups, disabled ones too, in order",
        response: { 200: AdminHomeGroupList, ...denied },
      },
    },
    async () => listHomeGroupsForStaff(app.db),
  );
  app.post(
    '/admin/home_product_group',
    {
      schema: {
        tags,
        summary: 'Add a product group to the home page (last unless `sortOrder` says)',
        description: `${fields}${groupRules}.`,
        body: AdminHomeGroupInput,
        response: { 201: AdminHomeGroupDetail, ...writes },
      },
    },
    async (request, reply) => reply.code(201).send(await createHomeGroup(app.db, actor(request), request.body)),
  );
  app.put(
    '/admin/home_product_group/:id',
    {
      schema: {
        tags,
        summary: 'Change a product group: its name, products, how many it shows, place or whether it is shown',
        description: `${fields}${groupRules}; 404 \`home_group/not_found\`.`,
        params: AdminIdParam,
        body: AdminHomeGroupInput,
        response: { 200: AdminHomeGroupDetail, 404: ErrorEnvelope, ...writes },
      },
    },
    async (request) => updateHomeGroup(app.db, actor(request), request.params.id, request.body),
  );
  app.delete(
    '/admin/home_product_group/:id',
    {
      schema: {
        tags,
        summary: 'Delete a product group',
        params: AdminIdParam,
        response: { 204: NoContent, 404: ErrorEnvelope, ...denied },
      },
    },
    async (request, reply) => {
      await deleteHomeGroup(app.db, actor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  // ——— Image pages ———

  app.get(
    '/admin/image_page',
    {
      schema: { tags, summary: 'The image pages, disabled ones too, by title', response: { 200: AdminImagePageList, ...denied } },
    },
    async () => listImagePagesForStaff(app.db),
  );
  app.post(
    '/admin/image_page',
    {
      schema: {
        tags,
        summary: 'Add an image page: a title, a URL name and 1 to 30 pictures with their text alternatives and links',
        description: `${fields}a picture's problem names it (\`blocks.2.alt\`); ${link}; 409 \`image_page/slug_taken\`.`,
        body: AdminImagePageInput,
        response: { 201: AdminImagePageDetail, 409: ErrorEnvelope, ...writes },
      },
    },
    async (request, reply) => reply.code(201).send(await createImagePage(app.db, actor(request), request.body)),
  );
  app.put(
    '/admin/image_page/:id',
    {
      schema: {
        tags,
        summary: 'Change an image page: its title, URL name, pictures or whether it is shown',
        description: `${fields}${link}; 404 \`image_page/not_found\`; 409 \`image_page/slug_taken\`.`,
        params: AdminIdParam,
        body: AdminImagePageInput,
        response: { 200: AdminImagePageDetail, 404: ErrorEnvelope, 409: ErrorEnvelope, ...writes },
      },
    },
    async (request) => updateImagePage(app.db, actor(request), request.params.id, request.body),
  );
  app.delete(
    '/admin/image_page/:id',
    {
      schema: { tags, summary: 'Delete an image page', params: AdminIdParam, response: { 204: NoContent, 404: ErrorEnvelope, ...denied } },
    },
    async (request, reply) => {
      await deleteImagePage(app.db, actor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
