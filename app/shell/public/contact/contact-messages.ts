import { ApiError } from '../../../data/api';

/** Spec §8 "Contact" messages, verbatim. */
export const contactMessages = {
  sentTitle: 'Message Sent',
  sent: "Thank you for contacting us. We'll get back to you soon!",
  errorTitle: 'Error',
  sendFailed: 'There was a problem sending your message. Please try again later.',
  connectFailed: 'There was a problem connecting to our server. Please try again later.',
} as const;

/** The description for a failed send: the server's message for a non-OK answer, else the spec's fallbacks. */
export function contactErrorMessage(err: unknown): string {
  if (err instanceof ApiError && err.status > 0) return err.body?.message || contactMessages.sendFailed;
  return contactMessages.connectFailed;
}
