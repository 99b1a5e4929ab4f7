import { z } from 'zod';
import {
  contentCategoryCreate,
  contentCategoryDto,
  contentCategoryList,
  contentCreate,
  contentEntryDto,
  contentEntryId,
  contentEntryList,
  contentPatch,
  contentQuery,
  featureBody,
  magazineArticle,
  magazineFront,
  magazineQuery,
  magazineSlug,
} from './content.js';
import { pictureQuery } from '../pictures/pictures.js';
import { endpoint, okBody } from '../kit/http.js';
import { idParam } from '../kit/input.js';

const ws = z.object({ id: idParam });
const entry = z.object({ id: idParam, entryId: contentEntryId });
const article = z.object({ slug: magazineSlug });

/**
 * The content area and the magazine (spec §2, §3; issue 22). A workspace's entries live under it;
 * anyone reads the published articles; Vuka's admins choose the front. Online only (DESIGN.md §12).
 */
export const contentContract = {
  list: endpoint({ method: 'GET', path: '/api/workspaces/:id/content', params: ws, query: contentQuery, response: contentEntryList }),
  create: endpoint({ method: 'POST', path: '/api/workspaces/:id/content', params: ws, body: contentCreate, response: contentEntryDto }),
  get: endpoint({ method: 'GET', path: '/api/workspaces/:id/content/:entryId', params: entry, response: contentEntryDto }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/workspaces/:id/content/:entryId',
    params: entry,
    body: contentPatch,
    response: contentEntryDto,
  }),
  categories: endpoint({ method: 'GET', path: '/api/workspaces/:id/content-categories', params: ws, response: contentCategoryList }),
  createCategory: endpoint({
    method: 'POST',
    path: '/api/workspaces/:id/content-categories',
    params: ws,
    body: contentCategoryCreate,
    response: contentCategoryDto,
  }),

  front: endpoint({ method: 'GET', path: '/api/magazine', query: magazineQuery, response: magazineFront }),
  article: endpoint({ method: 'GET', path: '/api/magazine/articles/:slug', params: article, response: magazineArticle }),
  cover: endpoint({
    method: 'GET',
    path: '/api/magazine/articles/:slug/cover',
    params: article,
    query: pictureQuery,
    // Bytes, not JSON: the handler streams the image.
    response: z.void(),
  }),
  /** An admin features an article on the magazine's front, or takes it off. */
  feature: endpoint({
    method: 'POST',
    path: '/api/admin/magazine/articles/:slug/feature',
    params: article,
    body: featureBody,
    response: okBody,
  }),
} as const;
