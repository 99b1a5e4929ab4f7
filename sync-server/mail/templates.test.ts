import { describe, expect, it } from 'vitest';
import { brand } from '../../schema/brand.js';
import { escapeHtml, resetPasswordMail, verificationCodeMail } from './templates.js';

describe('mail templates', () => {
  it('the verification mail names the brand and carries the code in text and html', () => {
    const mail = verificationCodeMail('042917', 24);
    expect(mail.text).toContain(`Your ${brand.product} verification code is 042917`);
    expect(mail.subject).toContain(brand.product);
    expect(mail.html).toContain('042917');
  });

  it('the reset mail carries the link, escaped in html', () => {
    const link = 'https://app.example/reset-password?token=a&b=<x>';
    const mail = resetPasswordMail(link);
    expect(mail.text).toContain(link);
    expect(mail.html).toContain('token=a&amp;b=&lt;x&gt;');
    expect(mail.html).not.toContain('<x>');
  });

  it('escapeHtml neutralises markup and quotes', () => {
    expect(escapeHtml(`<script>"x" & 'y'</script>`)).toBe('&lt;script&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/script&gt;');
  });
});
