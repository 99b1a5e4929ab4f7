import { describe, expect, it } from 'vitest';
import { TITLE_MAX } from '../../../schema/content/content';
import { cutAtWord, entryOfText } from './entry-of-text';

describe('Insert into entry: a real title and the whole text as the body', () => {
  it("a blog post's first line is its title; the body is the whole text", () => {
    const text = '# Why ilala baskets last\n\nEach basket is woven by hand.\nThey last for years.';
    expect(entryOfText('blog_post', text, 'ilala baskets')).toEqual({ title: 'Why ilala baskets last', body: text });
  });

  it('a text of one long line is not cut into a title: the title is the brief, the text the body', () => {
    const text = `Saturday market special. ${'Fresh vetkoek and mince, made while you wait. '.repeat(10)}`.trim();
    const entry = entryOfText('blog_post', text, 'Saturday market special');
    expect(entry).toEqual({ title: 'Saturday market special', body: text });
    expect(entry.body.length).toBeGreaterThan(TITLE_MAX);
  });

  it('a caption takes its title from the brief', () => {
    expect(entryOfText('caption', 'Come early! #vetkoek', 'Vetkoek on Friday\nwith extra notes')).toEqual({
      title: 'Vetkoek on Friday',
      body: 'Come early! #vetkoek',
    });
  });

  it('a title longer than the limit is cut at a word', () => {
    const brief = 'Handwoven palm baskets '.repeat(20);
    const { title } = entryOfText('caption', 'Text', brief);
    expect(title.length).toBeLessThanOrEqual(TITLE_MAX);
    expect(title.endsWith('baskets') || title.endsWith('palm') || title.endsWith('Handwoven')).toBe(true);
    expect(brief.startsWith(title)).toBe(true);
  });

  it('cuts at the last whole word, and an overlong word where it must', () => {
    expect(cutAtWord('one two three', 9)).toBe('one two');
    expect(cutAtWord('one two three', 13)).toBe('one two three');
    expect(cutAtWord('abcdefghij', 4)).toBe('abcd');
    expect(cutAtWord('one, two', 5)).toBe('one');
  });
});
