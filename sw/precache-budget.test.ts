import { describe, expect, it } from 'vitest';
import { PRECACHE_BUDGET_BYTES, precacheBudget } from './precache-budget';

const entry = (url: string, size: number) => ({ url, revision: '1', size });

describe('precache budget', () => {
  it('passes a precache under 2 MiB through unchanged', async () => {
    const entries = [entry('index.html', 600), entry('assets/index.js', 300_000)];
    const result = await precacheBudget()(entries);
    expect(result.manifest).toEqual(entries);
  });

  it('fails the build at 2 MiB, naming the largest files', () => {
    const entries = [entry('assets/huge.js', PRECACHE_BUDGET_BYTES - 100), entry('assets/small.js', 100)];
    expect(() => precacheBudget()(entries)).toThrow(/Precache is 2048\.00 KiB, over the 2048 KiB budget[\s\S]*assets\/huge\.js/);
  });
});
