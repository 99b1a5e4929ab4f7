import { ticketPaymentText } from '../../../schema/events/ticket-payment.js';
import { formatCents } from '../../../schema/kit/money.js';
import type { MailAttachment, Mail } from '../../mail/mailer.js';
import { escapeHtml } from '../../mail/templates.js';
import type { TicketRow } from './tickets.repo.js';
import type { MailedRegistration } from './ticket-mail.repo.js';
import { ticketPdf, ticketWhen } from './ticket-pdf.js';
import { ticketQrPng } from './ticket-qr.js';

export type MailContent = Omit<Mail, 'to'>;

/** Fixed subjects: the event's title and the buyer's name stay in the body (issue 35). */
export const ticketMailSubjects = {
  tickets: 'Your tickets',
  declined: 'About your registration',
} as const;

/** The address an inline QR image of ticket `n` is named by in the mail's HTML. */
export const qrContentId = (n: number) => `ticket-${n}-qr@tickets.vuka`;

const place = (r: { location: string }) => (r.location ? `, ${r.location}` : '');

/**
 * A registration's tickets by e-mail: each ticket's QR code shown in the mail (an inline PNG, since
 * mail clients run no scripts), its page link, its code as text for typing, and its PDF attached.
 */
export async function ticketsMail(origin: string, reg: MailedRegistration, tickets: readonly TicketRow[]): Promise<MailContent> {
  const link = (token: string) => `${origin}/tickets/${encodeURIComponent(token)}`;
  const attachments: MailAttachment[] = [];
  for (const [i, t] of tickets.entries()) {
    const n = i + 1;
    attachments.push({ filename: `ticket-${n}-qr.png`, content: await ticketQrPng(t.code), contentType: 'image/png', cid: qrContentId(n) });
    const content = await ticketPdf({
      id: t.id,
      event_title: t.event_title,
      event_slug: t.event_slug,
      start_date: t.start_date,
      start_time: t.start_time,
      location: t.location,
      ticket_type: t.ticket_type,
      holder: t.name,
      status: t.status,
      code: t.code,
    });
    attachments.push({ filename: `ticket-${n}.pdf`, content, contentType: 'application/pdf' });
  }
  const count = tickets.length === 1 ? 'is your ticket' : `are your ${tickets.length} tickets`;
  const intro = `Hello ${reg.name}, here ${count} for ${reg.event_title} (${ticketWhen(reg)}${place(reg)}). Show the QR code at the door; each ticket admits one person.`;
  // A paid order says what was paid, with the VAT fixed on it when bought.
  const paid = reg.payment_status === 'paid' && Number(reg.amount_paid_cents) > 0;
  const payment = paid ? `${ticketPaymentText(Number(reg.amount_paid_cents), reg.currency, reg.vat)}.` : null;
  const text = [
    intro,
    ...(payment ? [payment] : []),
    '',
    ...tickets.flatMap((t, i) => [`Ticket ${i + 1}: ${t.ticket_type}`, `Open it: ${link(t.token)}`, `Code: ${t.code}`, '']),
    `— ${reg.organiser}`,
  ].join('\n');
  const html =
    `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#111;line-height:1.5">` +
    `<div style="max-width:520px;margin:0 auto;padding:24px"><p>${escapeHtml(intro)}</p>` +
    (payment ? `<p>${escapeHtml(payment)}</p>` : '') +
    tickets
      .map(
        (t, i) =>
          `<div style="border:1px solid #ccc;border-radius:8px;padding:12px;margin:0 0 12px">` +
          `<p style="margin:0"><strong>Ticket ${i + 1}: ${escapeHtml(t.ticket_type)}</strong></p>` +
          `<img src="cid:${qrContentId(i + 1)}" width="220" height="220" alt="QR code of ticket ${i + 1}" ` +
          `style="display:block;width:220px;height:220px;margin:8px 0" />` +
          `<p style="margin:4px 0"><a href="${escapeHtml(link(t.token))}">Open ticket ${i + 1}</a></p>` +
          `<p style="margin:4px 0;font-family:monospace;font-size:11px;word-break:break-all">${escapeHtml(t.code)}</p></div>`,
      )
      .join('') +
    `<p>— ${escapeHtml(reg.organiser)}</p></div></body></html>`;
  return { subject: ticketMailSubjects.tickets, text, html, attachments };
}

/** The short e-mail a declined registration gets (a paid one is told its money is being refunded). */
export function declinedMail(reg: MailedRegistration): MailContent {
  const paid = (reg.payment_status === 'paid' || reg.payment_status === 'refunded') && Number(reg.amount_paid_cents) > 0;
  const lines = [
    `Hello ${reg.name},`,
    '',
    `${reg.organiser} could not accept your registration for ${reg.event_title} (${ticketWhen(reg)}${place(reg)}). No ticket was issued.`,
    ...(paid
      ? [
          '',
          `The ${formatCents(Number(reg.amount_paid_cents), reg.currency)} you paid is being refunded to your card; banks take a few days to show it.`,
        ]
      : []),
    '',
    `— ${reg.organiser}`,
  ];
  return { subject: ticketMailSubjects.declined, text: lines.join('\n') };
}
