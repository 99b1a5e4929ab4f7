import { describe, expect, it } from 'vitest';
import { yjsCloseCode } from '../../../schema/projects/projects';
import { closeProblem, docProblemMessages, reconnectsAfter } from './yjs-close';

describe('a document socket closed by the server', () => {
  it('a full document stays closed and says why', () => {
    expect(closeProblem(yjsCloseCode.documentFull)).toBe('full');
    expect(reconnectsAfter(yjsCloseCode.documentFull)).toBe(false);
    expect(docProblemMessages.full).toContain('size limit');
  });

  it('a message too large stays closed and says why', () => {
    expect(closeProblem(yjsCloseCode.tooLarge)).toBe('tooLarge');
    expect(reconnectsAfter(yjsCloseCode.tooLarge)).toBe(false);
    expect(docProblemMessages.tooLarge).toContain('too large');
  });

  it('too many changes at once reconnects, saying so', () => {
    expect(closeProblem(yjsCloseCode.tooFast)).toBe('tooFast');
    expect(reconnectsAfter(yjsCloseCode.tooFast)).toBe(true);
    expect(docProblemMessages.tooFast).toBe('Too many changes at once: reconnecting…');
  });

  it('an ordinary close names no problem and reconnects; a removed member does not', () => {
    for (const code of [1000, 1006, yjsCloseCode.sessionExpired]) {
      expect(closeProblem(code)).toBe(null);
      expect(reconnectsAfter(code)).toBe(true);
    }
    expect(closeProblem(yjsCloseCode.removed)).toBe(null);
    expect(reconnectsAfter(yjsCloseCode.removed)).toBe(false);
  });
});
