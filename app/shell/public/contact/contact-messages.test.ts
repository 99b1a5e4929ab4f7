import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../data/api';
import { contactErrorMessage } from './contact-messages';

describe('contact form error notice (spec §8 "Contact")', () => {
  it('a non-OK answer shows the server message', () => {
    expect(contactErrorMessage(new ApiError(500, 'Mail is down', { message: 'Mail is down' }))).toBe('Mail is down');
  });
  it('a non-OK answer without a JSON message shows the sending fallback', () => {
    expect(contactErrorMessage(new ApiError(502, '502: Bad Gateway'))).toBe(
      'There was a problem sending your message. Please try again later.',
    );
  });
  it('a network failure (no status) shows the connection message', () => {
    expect(contactErrorMessage(new ApiError(0, 'Failed to fetch'))).toBe(
      'There was a problem connecting to our server. Please try again later.',
    );
  });
  it('an unreadable answer shows the connection message', () => {
    expect(contactErrorMessage(new SyntaxError('Unexpected token'))).toBe(
      'There was a problem connecting to our server. Please try again later.',
    );
  });
});
