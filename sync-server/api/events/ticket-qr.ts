import QRCode from 'qrcode';
import { ticketQrOptions } from '../../../schema/events/ticket-qr.js';

/** Pixels across a ticket's QR code image in e-mails and PDFs: sharp when printed at 5 cm. */
export const TICKET_QR_PIXELS = 480;

/** The ticket's QR code as a PNG (e-mail clients run no scripts and many show no SVG). */
export function ticketQrPng(code: string): Promise<Buffer> {
  return QRCode.toBuffer(code, { ...ticketQrOptions, type: 'png', width: TICKET_QR_PIXELS });
}
