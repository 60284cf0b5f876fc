/** The back office's lists of the home page's content (`GET /admin/…`), every item, hidden ones too. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const BANNERS_KEY = ['admin-content', 'banners'] as const;
export const POPUPS_KEY = ['admin-content', 'popups'] as const;
export const GROUPS_KEY = ['admin-content', 'groups'] as const;
export const IMAGE_PAGES_KEY = ['admin-content', 'image-pages'] as const;

export const useBanners = () =>
  useQuery({ queryKey: BANNERS_KEY, queryFn: async ({ signal }) => (await api.get('/admin/banner', { signal })).banners });
export const usePopups = () =>
  useQuery({ queryKey: POPUPS_KEY, queryFn: async ({ signal }) => (await api.get('/admin/popup', { signal })).popups });
export const useGroups = () =>
  useQuery({ queryKey: GROUPS_KEY, queryFn: async ({ signal }) => (await api.get('/admin/home_product_group', { signal })).groups });
export const useImagePages = () =>
  useQuery({ queryKey: IMAGE_PAGES_KEY, queryFn: async ({ signal }) => (await api.get('/admin/image_page', { signal })).imagePages });
