import { isNotFound } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { workspaceRoute } from './routes';

function parse(workspaceId: string) {
  const parser = workspaceRoute.options.params?.parse;
  if (!parser) throw new Error('the workspace route must parse its id');
  return parser({ workspaceId });
}

describe('/workspace/$workspaceId', () => {
  it('a numeric id in the path selects the workspace as a number', () => {
    expect(parse('42')).toEqual({ workspaceId: 42 });
  });

  it.each(['abc', '0', '-3', '1.5', '12abc', ''])('"%s" is not found, not an error', (raw) => {
    let thrown: unknown;
    try {
      parse(raw);
    } catch (err) {
      thrown = err;
    }
    expect(isNotFound(thrown)).toBe(true);
  });
});
