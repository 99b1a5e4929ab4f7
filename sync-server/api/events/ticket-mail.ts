import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { TicketView } from '../../../schema/events.js';
import type { AppDeps } from '../../deps.js';
import type { MailAttachment } from '../../mail/mailer.js';
import { escapeHtml } from '../../mail/templates.js';
import * as repo from './events.repo.js';

const when = (t: { start_date: string; start_time: string | null }) => (t.start_time ? `${t.start_date} ${t.start_time}` : t.start_date);

/** One ticket as a one-page PDF: the event, the holder and the signed code the door checks. */
export async function ticketPdf(t: TicketView & { organiser?: string }): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Ticket · ${t.event_title}`);
  const page = pdf.addPage([420, 595]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const mono = await pdf.embedFont(StandardFonts.Courier);
  let y = 550;
  const line = (text: string, size: number, font = regular) => {
    page.drawText(text, { x: 36, y, size, font, color: rgb(0.07, 0.07, 0.07), maxWidth: 348 });
    y -= size + 10;
  };
  line(t.event_title.slice(0, 60), 20, bold);
  line(when(t), 12);
  if (t.location) line(t.location.slice(0, 70), 12);
  y -= 10;
  line(t.ticket_type.slice(0, 60), 14, bold);
  line(t.holder.slice(0, 60), 12);
  if (t.status !== 'registered' && t.status !== 'checked_in') line('This ticket was cancelled', 12, bold);
  y -= 10;
  line('Ticket code (shown at the door):', 10);
  for (let i = 0; i < t.code.length; i += 44) line(t.code.slice(i, i + 44), 10, mono);
  return pdf.save();
}

/**
 * Sends a registration's tickets to its buyer, once: each ticket's page link, its code, and its PDF.
 * A failed send is logged and left unmarked, so it can be sent again.
 */
export async function mailTickets(deps: AppDeps, workspaceId: number, registrationId: string): Promise<void> {
  const [claimed] = await deps.db.query<{ email: string; name: string }>(
    `UPDATE registrations SET tickets_mailed_at = now() WHERE workspace_id = $1 AND id = $2 AND tickets_mailed_at IS NULL RETURNING email, name`,
    [workspaceId, registrationId],
  );
  if (!claimed) return;
  const tickets = await repo.ticketsOfRegistration(deps.db, workspaceId, registrationId);
  if (tickets.length === 0) return;
  const first = tickets[0];
  if (!first) return;
  const link = (token: string) => `${deps.config.APP_ORIGIN}/tickets/${encodeURIComponent(token)}`;
  const attachments: MailAttachment[] = [];
  for (const [i, t] of tickets.entries()) {
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
    attachments.push({ filename: `ticket-${i + 1}.pdf`, content, contentType: 'application/pdf' });
  }
  const intro = `Hello ${claimed.name}, here ${tickets.length === 1 ? 'is your ticket' : `are your ${tickets.length} tickets`} for ${first.event_title} (${when(first)}${first.location ? `, ${first.location}` : ''}). Show the code at the door; each ticket admits one person.`;
  const text = [
    intro,
    '',
    ...tickets.flatMap((t, i) => [`Ticket ${i + 1}: ${t.ticket_type}`, `Open it: ${link(t.token)}`, `Code: ${t.code}`, '']),
    `— ${first.organiser}`,
  ].join('\n');
  const html =
    `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#111;line-height:1.5">` +
    `<div style="max-width:520px;margin:0 auto;padding:24px"><p>${escapeHtml(intro)}</p>` +
    tickets
      .map(
        (t, i) =>
          `<div style="border:1px solid #ccc;border-radius:8px;padding:12px;margin:0 0 12px">` +
          `<p style="margin:0"><strong>Ticket ${i + 1}: ${escapeHtml(t.ticket_type)}</strong></p>` +
          `<p style="margin:4px 0"><a href="${escapeHtml(link(t.token))}">Open ticket ${i + 1}</a></p>` +
          `<p style="margin:4px 0;font-family:monospace;font-size:11px;word-break:break-all">${escapeHtml(t.code)}</p></div>`,
      )
      .join('') +
    `<p>— ${escapeHtml(first.organiser)}</p></div></body></html>`;
  try {
    await deps.mailer.send({ to: claimed.email, subject: `Your tickets: ${first.event_title}`, text, html, attachments });
  } catch (err) {
    deps.log.warn({ err, registration: registrationId }, 'tickets not mailed');
    await deps.db.query(`UPDATE registrations SET tickets_mailed_at = NULL WHERE workspace_id = $1 AND id = $2`, [
      workspaceId,
      registrationId,
    ]);
  }
}
