import { yjsCloseCode } from '../../../schema/projects/projects';

/**
 * What the server's closing of a document's socket means for the person using it. `full` and
 * `tooLarge` are lasting: the same change would be refused again, so the socket stays closed until
 * the screen is opened afresh. `tooFast` passes: the socket reconnects after its backoff.
 */
export type DocProblem = 'full' | 'tooLarge' | 'tooFast';

export const docProblemMessages: Record<DocProblem, string> = {
  full: 'Not shared: this has reached its size limit, so changes made now stay on this device. Start a new project or channel for new work.',
  tooLarge: 'Not shared: a change here is too large to send at once (over 1 MB), so changes stay on this device.',
  tooFast: 'Too many changes at once: reconnecting…',
};

/** The problem a close code names; null for an ordinary close (a network drop, an expired cookie). */
export function closeProblem(code: number): DocProblem | null {
  if (code === yjsCloseCode.documentFull) return 'full';
  if (code === yjsCloseCode.tooLarge) return 'tooLarge';
  if (code === yjsCloseCode.tooFast) return 'tooFast';
  return null;
}

/**
 * Should the provider reconnect after the server closed with `code`? Not after a lasting refusal,
 * nor after 4400–4499 (no longer allowed on the document), which the provider treats so by default.
 */
export function reconnectsAfter(code: number): boolean {
  if (code >= 4400 && code < 4500) return false;
  const problem = closeProblem(code);
  return problem !== 'full' && problem !== 'tooLarge';
}
