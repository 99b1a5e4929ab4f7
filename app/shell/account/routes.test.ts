import { describe, expect, it } from 'vitest';
import { settingsRoute } from './routes';
import { settingsSearch } from '../../routes/settings-search';

const search = (raw: Record<string, unknown>) => settingsSearch.parse(raw);

describe('/settings ?tab=', () => {
  it('the route validates its search with the tab schema', () => {
    expect(settingsRoute.options.validateSearch).toBe(settingsSearch);
  });

  it('opens the subscription tab from ?tab=subscription', () => {
    expect(search({ tab: 'subscription' })).toEqual({ tab: 'subscription' });
  });

  it('an unknown tab falls back to the default instead of failing the page', () => {
    expect(search({ tab: 'billing' })).toEqual({ tab: undefined });
    expect(search({})).toEqual({});
  });
});
