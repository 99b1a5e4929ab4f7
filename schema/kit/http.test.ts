import { describe, expect, it } from 'vitest';
import { apiErrorCode, errorBody } from './http';

describe('API error bodies', () => {
  it('a known code is kept, typed as an API error code', () => {
    const body = errorBody.parse({ message: 'The Free plan allows 1 workspace.', code: 'plan_limit' });
    expect(body.code).toBe('plan_limit');
    expect(apiErrorCode.options).toContain('plan_limit');
  });

  it('a code this app does not know yet drops the code and keeps the message', () => {
    expect(errorBody.parse({ message: 'Something new', code: 'from_a_newer_server' })).toEqual({
      message: 'Something new',
      code: undefined,
    });
  });
});
