import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currencyCode } from '../../schema/kit/currency';
import { localSetting } from './local-setting';
import { MemoryStorage } from '../../tests/support/memory-storage';

describe('settings kept in local storage (currency and country persist, spec §4)', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
    Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'localStorage');
  });

  it('uses the brand storage prefix and the default until something is chosen', () => {
    const s = localSetting('currency', currencyCode, 'ZAR');
    expect(s.key).toBe('vuka-currency');
    expect(s.get()).toBe('ZAR');
  });

  it('a choice is stored and read back', () => {
    const s = localSetting('currency', currencyCode, 'ZAR');
    s.set('KES');
    expect(storage.getItem('vuka-currency')).toBe('"KES"');
    expect(localSetting('currency', currencyCode, 'ZAR').get()).toBe('KES');
  });

  it('a stored value that is not valid falls back to the default', () => {
    storage.setItem('vuka-currency', '"GBP"');
    expect(localSetting('currency', currencyCode, 'ZAR').get()).toBe('ZAR');
    storage.setItem('vuka-currency', '{not json');
    expect(localSetting('currency', currencyCode, 'ZAR').get()).toBe('ZAR');
  });
});
