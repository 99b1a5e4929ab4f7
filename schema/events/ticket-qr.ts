import QRCode, { type QRCodeRenderersOptions } from 'qrcode';

/**
 * How a ticket's QR code is drawn, the same everywhere (e-mail, PDF, ticket page): medium error
 * correction (the code survives a scuffed print) and the standard four-module quiet zone. The
 * symbol holds the signed code exactly as the door verifies it (schema/events/ticket-code.ts), nothing else.
 */
export const ticketQrOptions = { errorCorrectionLevel: 'M', margin: 4 } as const satisfies QRCodeRenderersOptions;

/** The ticket's QR code as an SVG document (browser and server alike). */
export function ticketQrSvg(code: string): Promise<string> {
  return QRCode.toString(code, { ...ticketQrOptions, type: 'svg' });
}

/** An SVG as a `data:` address an <img> can show (no markup is put into the page). */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
