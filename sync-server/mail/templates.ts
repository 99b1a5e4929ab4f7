import { brand } from '../../schema/brand.js';
import { mailConsentMessages } from '../../schema/mail/mail-consent.js';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
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
    html: layout([escapeHtml(intro), escapeHtml(action), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`, escapeHtml(ignore)]),
  };
}

/**
 * Text someone typed (a workspace name, a person's name) made safe to quote in a mail we send: it is
 * reduced to letters, digits, spaces and plain punctuation, so no line break, control or invisible
 * character, markup, address or link scheme survives, and cut to `max` characters. Used for the
 * subject and the body alike, so a name cannot make our mail say more than a name.
 */
export function quotableName(value: string, max: number): string {
  const flat = value
    .normalize('NFKC')
    .replace(/[^\p{L}\p{M}\p{N} .,&'()!?#+_-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(flat);
  return chars.length > max
    ? `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`
    : flat;
}

/** Longest workspace name quoted in an invitation's body (the name's limit). */
const INVITE_BODY_NAME_MAX = 100;

/**
 * The invitation to a workspace. The workspace and inviter names are chosen by the inviter, not by
 * us: the subject is our own words alone (no typed text reaches a subject of mail to a third party),
 * and the body quotes the name and says who chose it, so the mail cannot be turned into someone else's message.
 */
export function invitationMail(i: {
  inviterName: string;
  inviterEmail: string;
  workspaceName: string;
  role: 'admin' | 'member';
  to: string;
  link: string;
  validDays: number;
}): MailContent {
  const workspace = quotableName(i.workspaceName, INVITE_BODY_NAME_MAX) || 'a workspace';
  const inviter = quotableName(i.inviterName, 60) || 'A colleague';
  const intro = `${inviter} (${i.inviterEmail}) invited you to join a workspace on ${brand.product} as ${i.role === 'admin' ? 'an admin' : 'a member'}.`;
  const named = `The workspace is called "${workspace}". ${brand.product} shows this name as the person who invited you wrote it.`;
  const action = `Accept the invitation here (sign in or register with this e-mail address, ${i.to}):`;
  const ignore = `The link is valid for ${i.validDays} days. If you did not expect this, you can ignore this e-mail.`;
  return {
    subject: `You are invited to a workspace on ${brand.product}`,
    text: `${intro}\n\n${named}\n\n${action}\n${i.link}\n\n${ignore}\n\n${brand.product}`,
    html: layout([
      escapeHtml(intro),
      `The workspace is called <strong>&quot;${escapeHtml(workspace)}&quot;</strong>. ` +
        `<em>${escapeHtml(`${brand.product} shows this name as the person who invited you wrote it.`)}</em>`,
      escapeHtml(action),
      `<a href="${escapeHtml(i.link)}">${escapeHtml(i.link)}</a>`,
      escapeHtml(ignore),
    ]),
  };
}

/**
 * The one mail an address a stranger typed gets before it confirms (double opt-in): fixed words
 * only, no business, person, event or service named, so it carries nothing a caller chose.
 */
export function mailOptInMail(link: string, validForDays: number): MailContent {
  const lines = [
    `Someone asked for e-mail from a business on ${brand.product} (tickets, a booking confirmation or the like) to be sent to this address.`,
    `To receive it, confirm your address with this link (it works for ${validForDays} days):`,
  ];
  const after = "If it wasn't you, ignore this e-mail: nothing more will be sent to you.";
  return {
    subject: mailConsentMessages.optInSubject,
    text: [...lines, link, '', after, '', brand.product].join('\n'),
    html: layout([...lines.map(escapeHtml), `<a href="${escapeHtml(link)}">Confirm my e-mail address</a>`, escapeHtml(after)]),
  };
}
