import { z } from 'zod';
import { brand } from '../../../schema/brand.js';
import { notificationKinds } from '../../../schema/notifications/notifications.js';
import type { MailTemplate, MailTemplates } from '../../mail/outbox.js';
import { escapeHtml, type MailContent } from '../../mail/templates.js';
import { NOTICE_MAIL } from './notifications.service.js';
import { mailableNotification } from './notifications.repo.js';

/** Where a person changes how they are told (the account's settings). */
export const CHOICES_PATH = '/settings?tab=notifications';

/** A notification as an e-mail to its person's own address: a fixed subject per kind, the details in the body. */
export function noticeMail(n: {
  name: string;
  workspace: string;
  subject: string;
  title: string;
  body: string;
  link: string;
  choices: string;
}): MailContent {
  const lines = [`Hi ${n.name},`, `${n.workspace}: ${n.title}`, ...(n.body ? [n.body] : [])];
  const footer = `You get this e-mail because you chose to. Change what ${brand.product} e-mails you in your settings: ${n.choices}`;
  return {
    subject: `${brand.product}: ${n.subject}`,
    text: [...lines, '', `Open it in ${brand.product}: ${n.link}`, '', footer].join('\n'),
    html:
      `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#111;line-height:1.5">` +
      `<div style="max-width:520px;margin:0 auto;padding:24px">${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}` +
      `<p><a href="${escapeHtml(n.link)}" style="display:inline-block;padding:10px 16px;background:#111;color:#fff;border-radius:6px;text-decoration:none">Open in ${escapeHtml(brand.product)}</a></p>` +
      `<p style="color:#555;font-size:13px">You get this e-mail because you chose to. <a href="${escapeHtml(n.choices)}">Change what ${escapeHtml(brand.product)} e-mails you</a>.</p>` +
      `</div></body></html>`,
  };
}

const noticeId = z.uuid();

/** The e-mail of one notification, from its outbox row; a notification gone meanwhile (its workspace deleted) has nothing to send. */
const noticeTemplate: MailTemplate = async (deps, key) => {
  const row = noticeId.safeParse(key.subjectId).success ? await mailableNotification(deps.db, key.subjectId) : undefined;
  if (!row) return { notSent: 'Nothing to send: the notification is gone' };
  const origin = deps.config.APP_ORIGIN ?? deps.config.allowedOrigins[0];
  return {
    to: row.email,
    ...noticeMail({
      name: row.full_name?.split(/\s+/)[0] || 'there',
      workspace: row.workspace_name,
      subject: notificationKinds[row.kind].subject,
      title: row.title,
      body: row.body,
      link: `${origin}${row.link}`,
      choices: `${origin}${CHOICES_PATH}`,
    }),
  };
};

/** The notification centre's one e-mail, sent by the outbox. */
export const noticeMails: MailTemplates = { [NOTICE_MAIL]: noticeTemplate };
