import { describe, expect, it } from 'vitest';
import { ApiError } from '../../data/api';
import { cooldownSeconds, secondsLeft } from './email-verification';
import { passwordsMatch, serverFieldErrors, serverMessage } from '../../kit/forms/use-zod-form';
import { loginFailureMessage } from './login-form';

describe('auth screen messages (spec §8)', () => {
  it("Login failed shows the server's message", () => {
    expect(loginFailureMessage(new ApiError(401, 'Invalid email or password', { message: 'Invalid email or password' }))).toBe(
      'Invalid email or password',
    );
  });

  it("without a server message it is 'Login failed: {status}', or 'Login failed' with no response", () => {
    expect(loginFailureMessage(new ApiError(502, '502: Bad Gateway'))).toBe('Login failed: 502');
    expect(loginFailureMessage(new ApiError(0, 'Failed to fetch'))).toBe('Login failed');
    expect(loginFailureMessage(new Error('boom'))).toBe('Login failed');
  });

  it('other failures fall back to the page fallback text', () => {
    expect(serverMessage(new Error('x'), 'An error occurred during registration')).toBe('An error occurred during registration');
    expect(serverMessage(new ApiError(409, 'Email taken', { message: 'Email taken' }), 'fallback')).toBe('Email taken');
  });

  it('server 400 field errors land on their fields', () => {
    const err = new ApiError(400, 'Invalid', { message: 'Invalid', errors: { email: ['Invalid email address'] } });
    expect(serverFieldErrors(err)).toEqual({ email: 'Invalid email address' });
  });

  it("'Passwords don't match' is reported even while other fields fail", () => {
    const check = passwordsMatch("Passwords don't match");
    expect(check({ password: 'abcdef', confirmPassword: 'abcdeg' })).toEqual({ confirmPassword: "Passwords don't match" });
    expect(check({ password: 'abcdef', confirmPassword: 'abcdef' })).toEqual({});
  });
});

describe('resend cooldown (spec §4 Email verification, §9)', () => {
  it('is 60 seconds unless the server reports the seconds remaining', () => {
    expect(cooldownSeconds(undefined)).toBe(60);
    expect(cooldownSeconds(42)).toBe(42);
    expect(cooldownSeconds(0)).toBe(60);
  });

  it('counts down in whole seconds', () => {
    expect(secondsLeft(10_500, 0)).toBe(11);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(0, 5_000)).toBe(0);
  });
});
