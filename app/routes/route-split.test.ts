import type { AnyRoute } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { landingRoute } from '../shell/public/routes';
import { router } from '../router';
import { protectedRoute } from './protected';
import { rootRoute } from './root';
import { searchOf, oneOf, text, uuid } from './search-params';

/** Routes whose component ships in the entry chunk: the layouts every page needs and the first view. */
const inEntry = new Set<AnyRoute>([rootRoute, protectedRoute, landingRoute]);

function routesOf(route: AnyRoute): AnyRoute[] {
  return [route, ...((route.children as AnyRoute[] | undefined) ?? []).flatMap(routesOf)];
}

describe('the route tree (DESIGN.md §11: a new route never grows the entry chunk)', () => {
  it('every page but the landing page is loaded on demand', () => {
    const eager = routesOf(router.routeTree)
      .filter((route) => !inEntry.has(route) && route.options.component !== undefined)
      .filter((route) => typeof (route.options.component as { preload?: unknown }).preload !== 'function')
      .map((route) => route.id);
    expect(eager).toEqual([]);
  });
});

describe('search params without zod', () => {
  const search = searchOf({ tab: oneOf(['a', 'b']), q: text(3), id: uuid() });

  it('keeps what passes and drops the rest, like .optional().catch(undefined)', () => {
    expect(search.parse({ tab: 'a', q: 'abc', id: '0f8fad5b-d9cb-469f-a165-70867728950e', other: 1 })).toEqual({
      tab: 'a',
      q: 'abc',
      id: '0f8fad5b-d9cb-469f-a165-70867728950e',
    });
    const bad = search.parse({ tab: 'c', q: 'abcd', id: 'not-a-uuid' });
    expect(bad).toEqual({});
    expect(Object.keys(bad)).toEqual(['tab', 'q', 'id']);
    expect(search.parse({})).toStrictEqual({});
  });

  it('a single check throws on parse and reports on safeParse', () => {
    expect(oneOf(['a']).safeParse('a')).toEqual({ success: true, data: 'a' });
    expect(oneOf(['a']).safeParse('b').success).toBe(false);
    expect(() => uuid().parse('1234')).toThrow('Expected a UUID');
  });
});
