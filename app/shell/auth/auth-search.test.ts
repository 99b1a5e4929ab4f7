import { describe, expect, it } from 'vitest';
import { authSearch, registerSearch } from './auth-search';

describe('/auth search params (spec §2)', () => {
  it('tab=register opens the register tab', () => {
    expect(authSearch.parse({ tab: 'register' })).toEqual({ tab: 'register' });
  });

  it('an unknown tab or plan is dropped rather than breaking the page', () => {
    expect(authSearch.parse({ tab: 'nope', plan: 'gold' })).toEqual({});
  });

  it('/register accepts plan lite, free and pro', () => {
    for (const plan of ['lite', 'free', 'pro']) expect(registerSearch.parse({ plan })).toEqual({ plan });
  });
});

describe('/auth carries a person back to where they were going', () => {
  it('keeps a same-origin return path and an address to fill in', () => {
    expect(authSearch.parse({ tab: 'register', redirect: '/invitations/accept', email: 'thandi@example.test' })).toEqual({
      tab: 'register',
      redirect: '/invitations/accept',
      email: 'thandi@example.test',
    });
  });

  it('drops a return path to another site', () => {
    for (const redirect of ['https://evil.example', '//evil.example', '/\\evil.example', '/api/auth/logout']) {
      expect(authSearch.parse({ redirect })).toEqual({ redirect: undefined });
    }
  });
});
