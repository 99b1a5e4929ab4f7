import { brand } from '../../schema/brand.js';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function layout(paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('');
  return (
    `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#111;line-height:1.5">` +
    `<div style="max-width:480px;margin:0 auto;padding:24px">` +
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(brand.product)}</h1>${body}</div></body></html>`
  );
}

/** The 6-digit code that proves an address (registration, resend, social sign-up). */
export function verificationCodeMail(code: string, validForHours: number): MailContent {
  const line = `Your ${brand.product} verification code is ${code}`;
  const expiry = `The code is valid for ${validForHours} hours. If you did not ask for it, you can ignore this e-mail.`;
  return {
    subject: `Your ${brand.product} verification code`,
    text: `${line}\n\n${expiry}\n\n${brand.product}`,
    html: layout([
      escapeHtml(`Your ${brand.product} verification code is`),
      `<strong style="font-size:28px;letter-spacing:4px">${escapeHtml(code)}</strong>`,
      escapeHtml(expiry),
    ]),
  };
}

/** The password reset link (valid for one hour). */
export function resetPasswordMail(link: string): MailContent {
  const intro = `Someone asked to reset the password of your ${brand.product} account.`;
  const action = 'Open this link to choose a new password (it is valid for 1 hour):';
  const ignore = 'If you did not ask for this, you can ignore this e-mail; your password stays the same.';
  return {
    subject: `Reset your ${brand.product} password`,
    text: `${intro}\n\n${action}\n${link}\n\n${ignore}\n\n${brand.product}`,
    html: layout([
      escapeHtml(intro),
      escapeHtml(action),
      `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`,
      escapeHtml(ignore),
    ]),
  };
}
