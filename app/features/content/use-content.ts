import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { contentCreate, contentPatch, ContentStatus, ContentType } from '../../../schema/content/content';
import { contentContract as c } from '../../../schema/content/contract';
import { pictureWidthFor } from '../../../schema/pictures/pictures';
import { fillPath } from '../../../schema/kit/http';
import { call, queryEndpoint } from '../../data/api';

export const contentKeys = {
  all: ['content'] as const,
  list: (ws: number, status?: ContentStatus, type?: ContentType) => ['content', 'workspace', ws, 'list', status, type] as const,
  one: (ws: number, id: string) => ['content', 'workspace', ws, 'entry', id] as const,
  categories: (ws: number) => ['content', 'workspace', ws, 'categories'] as const,
  front: (category?: string, author?: string) => ['content', 'magazine', category, author] as const,
  article: (slug: string) => ['content', 'article', slug] as const,
};

export function useEntries(ws: number, status?: ContentStatus, type?: ContentType) {
  return useQuery({
    queryKey: contentKeys.list(ws, status, type),
    queryFn: () => queryEndpoint(c.list, { params: { id: ws }, query: { status, type } }),
  });
}

export function useEntry(ws: number, id: string) {
  return useQuery({
    queryKey: contentKeys.one(ws, id),
    queryFn: () => queryEndpoint(c.get, { params: { id: ws, entryId: id } }),
    retry: false,
  });
}

export function useCategories(ws: number) {
  return useQuery({ queryKey: contentKeys.categories(ws), queryFn: () => queryEndpoint(c.categories, { params: { id: ws } }) });
}

export function useMagazine(category?: string, author?: string) {
  return useQuery({
    queryKey: contentKeys.front(category, author),
    queryFn: () => queryEndpoint(c.front, { query: { category, author } }),
  });
}

export function useArticle(slug: string) {
  return useQuery({ queryKey: contentKeys.article(slug), queryFn: () => queryEndpoint(c.article, { params: { slug } }), retry: false });
}

/** A change to content: every content query is read again afterwards. */
export function useContentChange<T, R>(run: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: contentKeys.all }) });
}

export const contentCalls = {
  get: (ws: number, id: string) => call(c.get, { params: { id: ws, entryId: id } }),
  create: (ws: number, body: z.input<typeof contentCreate>) => call(c.create, { params: { id: ws }, body }),
  update: (ws: number, id: string, body: z.input<typeof contentPatch>) => call(c.update, { params: { id: ws, entryId: id }, body }),
  createCategory: (ws: number, name: string) => call(c.createCategory, { params: { id: ws }, body: { name } }),
  feature: (slug: string, featured: boolean) => call(c.feature, { params: { slug }, body: { featured } }),
};

/** The address of a published article's cover about `cssWidth` CSS pixels wide. */
export function coverUrl(slug: string, cssWidth: number): string {
  const dpr = typeof window === 'undefined' ? 1 : window.devicePixelRatio;
  return `${fillPath(c.cover.path, { slug })}?w=${pictureWidthFor(cssWidth, dpr)}`;
}
