import { describe, expect, it } from 'vitest';
import { plainText, richTextOfPlain, safeHref, sanitizeRichText } from './rich-text.js';

describe('rich text kept by the content area', () => {
  it('keeps paragraphs, headings, lists, emphasis and links, and renames what browsers write instead', () => {
    expect(sanitizeRichText('<div>One</div><h1>Big</h1><b>bold</b> <i>it</i><ul><li>a</li></ul><br>')).toBe(
      '<p>One</p><h2>Big</h2><strong>bold</strong> <em>it</em><ul><li>a</li></ul><br>',
    );
  });

  it('drops scripts, styles and frames with their content, and every attribute but a safe link', () => {
    expect(sanitizeRichText('<p style="color:red" onclick="x()">Hi<script>alert(1)</script><style>p{}</style></p>')).toBe('<p>Hi</p>');
    expect(sanitizeRichText('<iframe src="https://evil.example">x</iframe><img src=x onerror=alert(1)>ok')).toBe('ok');
    expect(sanitizeRichText('<svg><script>alert(1)</script></svg>after')).toBe('after');
    expect(sanitizeRichText('<a href="https://ok.example/?a=1&b=2" target="_blank">go</a>')).toBe(
      '<a href="https://ok.example/?a=1&amp;b=2" rel="noopener nofollow ugc">go</a>',
    );
  });

  it('refuses link targets that run code, however they are spelled', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'jav&#x61;script:alert(1)',
      ' java\tscript:x',
      'data:text/html,<b>',
      '//evil.example',
      'vbscript:x',
    ]) {
      expect(safeHref(href), href).toBeNull();
      expect(sanitizeRichText(`<a href="${href}">x</a>`)).toBe('<a>x</a>');
    }
    expect(safeHref('/magazine')).toBe('/magazine');
    expect(safeHref('mailto:a@b.example')).toBe('mailto:a@b.example');
  });

  it('escapes stray angle brackets and ampersands, keeps entities, and closes what was left open', () => {
    expect(sanitizeRichText('1 < 2 & 3 > 2 &amp; <p>open <strong>bold')).toBe(
      '1 &lt; 2 &amp; 3 &gt; 2 &amp; <p>open <strong>bold</strong></p>',
    );
    expect(sanitizeRichText('<p>a</strong></p></p>')).toBe('<p>a</p>');
    expect(sanitizeRichText('<<script>script>alert(1)<</script>/script>')).toBe('&lt;/script&gt;');
    expect(sanitizeRichText('<!-- hidden --><p>seen</p><!-- open')).toBe('<p>seen</p>');
    expect(sanitizeRichText('<a href="x" title=\'"><script>alert(1)</script>\'>t</a>')).toBe('<a>t</a>');
  });

  it('is stable: cleaning clean text changes nothing', () => {
    const once = sanitizeRichText(
      '<h2>T</h2><p>a <a href="https://x.example">l</a> &amp; b</p><ol><li>1</li></ol><blockquote>q</blockquote>',
    );
    expect(sanitizeRichText(once)).toBe(once);
  });

  it('reads the words of rich text for summaries', () => {
    expect(plainText('<h2>Title</h2><p>One &amp; two</p><ul><li>three</li></ul>')).toBe('Title One & two three');
  });
});

describe('richTextOfPlain', () => {
  it('makes a paragraph of each block and a line break of each single newline, escaping markup', () => {
    expect(richTextOfPlain('Fresh bread\r\n\r\nBaked daily.\nOpen at 6 <am> & late\n\n\n')).toBe(
      '<p>Fresh bread</p><p>Baked daily.<br>Open at 6 &lt;am&gt; &amp; late</p>',
    );
    expect(richTextOfPlain('  \n\n ')).toBe('');
    // What it makes survives the allow-list unchanged.
    const html = richTextOfPlain('One <script>x</script>\n\nTwo & three');
    expect(sanitizeRichText(html)).toBe(html);
  });
});
