import { describe, expect, it } from 'vitest';
import { shortcutWorkspace } from './shortcut-launcher';

describe('the workspace an app shortcut opens in', () => {
  const list = [{ id: 4 }, { id: 9 }];

  it('is the workspace used last when the person still belongs to it', () => {
    expect(shortcutWorkspace(list, 9)).toBe(9);
  });

  it('is the only workspace when there is one, whatever was used last', () => {
    expect(shortcutWorkspace([{ id: 4 }], null)).toBe(4);
    expect(shortcutWorkspace([{ id: 4 }], 12)).toBe(4);
  });

  it('is left to the person when there are several and the last one is gone or unknown', () => {
    expect(shortcutWorkspace(list, 12)).toBeNull();
    expect(shortcutWorkspace(list, null)).toBeNull();
    expect(shortcutWorkspace([], null)).toBeNull();
  });
});
