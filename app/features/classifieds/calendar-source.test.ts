import { firstValueFrom } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../data/api';
import { viewingSource } from './calendar-source';
import { MemoryStorage } from '../../../tests/support/memory-storage';

const viewing = {
  inquiry_id: '0b3c5d7e-9f1a-4b2c-8d4e-6f8a0b2c4d6e',
  classified_id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  listing_title: 'Defy chest freezer',
  buyer: 'Bongani',
  viewing_at: '2031-05-03T08:30:00.000Z',
  status: 'new' as const,
};
const offline = () => Promise.reject(new TypeError('Failed to fetch'));

describe('viewings on the planner’s calendar, offline too (issue 21)', () => {
  let user: number | null;
  beforeEach(() => {
    user = 5;
    Object.defineProperty(globalThis, 'localStorage', { value: new MemoryStorage(), configurable: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'localStorage');
  });
  const entries = (fetcher: () => Promise<{ viewings: (typeof viewing)[] }>, ws = 9) =>
    firstValueFrom(viewingSource(fetcher, () => user)(ws));

  it('online, a viewing shows with its listing, buyer, time and a link to the inquiry', async () => {
    const [entry] = await entries(async () => ({ viewings: [viewing] }));
    expect(entry).toMatchObject({
      key: `classified_viewings:${viewing.inquiry_id}`,
      title: 'Defy chest freezer · Bongani',
      kind: 'Viewing',
      link: `/workspace/9/classifieds/inquiries/${viewing.inquiry_id}`,
    });
    expect(entry.date).toMatch(/^2031-05-0[34]$/);
  });

  it('offline, the viewings last read online still show; the newest read wins', async () => {
    expect(await entries(offline)).toEqual([]);
    const online = await entries(async () => ({ viewings: [viewing] }));
    expect(online).toHaveLength(1);
    expect(await entries(offline)).toEqual(online);
    expect(await entries(() => Promise.reject(new ApiError(0, 'Failed to fetch')))).toEqual(online);
    // A viewing declined since: the next online read replaces what is kept.
    expect(await entries(async () => ({ viewings: [] }))).toEqual([]);
    expect(await entries(offline)).toEqual([]);
  });

  it('what is kept is per user and per workspace, and a refusal from the server shows nothing', async () => {
    await entries(async () => ({ viewings: [viewing] }));
    expect(await entries(offline, 10)).toEqual([]);
    user = 6;
    expect(await entries(offline)).toEqual([]);
    user = 5;
    expect(await entries(() => Promise.reject(new ApiError(403, 'Not a member')))).toEqual([]);
  });
});
