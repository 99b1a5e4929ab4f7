import type { AiOperation } from '../../../schema/ai/ai';
import { TITLE_MAX } from '../../../schema/content/content';

/** Text cut to at most `max` characters at the last whole word (a single overlong word is cut where it must be). */
export function cutAtWord(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const head = flat.slice(0, max + 1);
  const space = head.lastIndexOf(' ');
  return (space > 0 ? head.slice(0, space) : flat.slice(0, max)).replace(/[\s,;:–—-]+$/, '');
}

/** A line as a title: without heading marks, bold marks, a "Title:" label or surrounding quotes. */
const asTitle = (line: string) =>
  line
    .replace(/^#+\s*/, '')
    .replace(/^\*\*(.*)\*\*$/, '$1')
    .replace(/^title:\s*/i, '')
    .replace(/^["“](.*)["”]$/, '$1')
    .trim();

/**
 * The content entry a written text becomes: a real title and the whole text as the body. The title is
 * the text's heading (a "# …" line, or a blog post's first line, which the writer is asked for) when
 * it has one and more follows it, else the brief's subject; either at most TITLE_MAX characters, cut
 * at a word.
 */
export function entryOfText(operation: AiOperation, text: string, brief: string): { title: string; body: string } {
  const body = text.trim();
  const lines = body.split('\n').filter((l) => l.trim() !== '');
  const first = lines[0]?.trim() ?? '';
  const heading = lines.length > 1 && (first.startsWith('#') || operation === 'blog_post') ? asTitle(first) : '';
  const subject = brief.trim().split('\n')[0] ?? '';
  return { title: cutAtWord(heading || subject || first, TITLE_MAX), body };
}
