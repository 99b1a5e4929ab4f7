import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { TicketView } from '../../../schema/events/events.js';
import { ticketQrPng } from './ticket-qr.js';

export const ticketWhen = (t: { start_date: string; start_time: string | null }) =>
  t.start_time ? `${t.start_date} ${t.start_time}` : t.start_date;

/** Points across the QR code on the page (about 7 cm). */
const QR_SIZE = 200;

/** One ticket as a one-page PDF: the event, the holder, the QR code the door scans and its text for typing. */
export async function ticketPdf(t: TicketView): Promise<Uint8Array> {
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
  line(ticketWhen(t), 12);
  if (t.location) line(t.location.slice(0, 70), 12);
  y -= 10;
  line(t.ticket_type.slice(0, 60), 14, bold);
  line(t.holder.slice(0, 60), 12);
  if (t.status !== 'registered' && t.status !== 'checked_in') line('This ticket was cancelled', 12, bold);
  const qr = await pdf.embedPng(await ticketQrPng(t.code));
  y -= QR_SIZE;
  page.drawImage(qr, { x: (420 - QR_SIZE) / 2, y, width: QR_SIZE, height: QR_SIZE });
  y -= 24;
  line('Show the QR code at the door, or give this code:', 10);
  for (let i = 0; i < t.code.length; i += 44) line(t.code.slice(i, i + 44), 10, mono);
  return pdf.save();
}
