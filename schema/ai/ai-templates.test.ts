import { describe, expect, it } from 'vitest';
import { renderTemplate, templateInput, usedVariables } from './ai-templates.js';
import { priceInCredits, settledCredits } from './ai.js';

describe('prompt templates', () => {
  it('names the variables a template uses', () => {
    expect(usedVariables('A {{product}} for {{ audience }} — {{product}} again')).toEqual(['product', 'audience']);
  });

  it('an unknown variable is a clear error when saving', () => {
    const parsed = templateInput.safeParse({
      name: 'Launch',
      operation: 'caption',
      template: 'New {{product}} at {{price}}',
      variables: ['product'],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({
      path: ['template'],
      message: 'The template uses {{price}}, which is not one of its variables.',
    });
  });

  it('fills in the values, and asks for an empty one', () => {
    const t = 'New {{product}} for {{audience}}';
    expect(renderTemplate(t, ['product', 'audience'], { product: 'vetkoek', audience: 'night owls' })).toEqual({
      ok: true,
      text: 'New vetkoek for night owls',
    });
    expect(renderTemplate(t, ['product', 'audience'], { product: 'vetkoek', audience: ' ' })).toEqual({
      ok: false,
      message: 'Fill in {{audience}} first.',
    });
  });
});

describe('the price of a generation', () => {
  it('is a pure function of operation and brief length, at least 1 credit', () => {
    expect(priceInCredits('product_description', 40)).toBe(1);
    expect(priceInCredits('caption', 2000)).toBe(1);
    expect(priceInCredits('blog_post', 40)).toBe(2);
    expect(priceInCredits('blog_post', 2000)).toBe(3);
  });

  it('settles by the real token count and never above the price shown', () => {
    expect(settledCredits(2, 200, 300)).toBe(1);
    expect(settledCredits(2, 900, 900)).toBe(2);
    expect(settledCredits(2, 3000, 3000)).toBe(2);
  });
});
