import QRCode from 'qrcode';
import sharp from 'sharp';
import { ticketQrOptions } from '../../schema/events/ticket-qr';

/** Pixels as a canvas holds them: RGBA, row by row. */
export interface RgbaFrame {
  data: Uint8ClampedArray<ArrayBuffer>;
  width: number;
  height: number;
}

/**
 * What a door's camera sees of a ticket: its QR code drawn as the ticket draws it (the qrcode
 * package, the ticket's options), `size` pixels wide, at (`left`, `top`) in a grey `width`×`height`
 * frame. Without a code (`code: null`) the frame is the grey alone.
 */
export async function cameraFrame(
  code: string | null,
  {
    width = 640,
    height = 480,
    size = 360,
    left = 140,
    top = 60,
  }: { width?: number; height?: number; size?: number; left?: number; top?: number } = {},
): Promise<RgbaFrame> {
  const background = sharp({ create: { width, height, channels: 4, background: { r: 120, g: 128, b: 118, alpha: 1 } } });
  const withCode = code
    ? background.composite([{ input: await QRCode.toBuffer(code, { ...ticketQrOptions, type: 'png', width: size }), left, top }])
    : background;
  const { data, info } = await withCode.raw().toBuffer({ resolveWithObject: true });
  const pixels = new Uint8ClampedArray(new ArrayBuffer(data.length));
  pixels.set(data);
  return { data: pixels, width: info.width, height: info.height };
}

/**
 * A YUV4MPEG2 video (the format Chromium's fake camera plays, `--use-file-for-fake-video-capture`)
 * that shows `frame` for `count` frames: a text header, then per frame a `FRAME` line and the I420
 * planes (full-size luma, then the two quarter-size chroma planes, left grey as the frame has no colour
 * worth keeping).
 */
export function y4mVideo(frame: RgbaFrame, count = 10): Buffer {
  const { width, height, data } = frame;
  if (width % 2 !== 0 || height % 2 !== 0) throw new Error('A 4:2:0 video needs an even width and height');
  const luma = Buffer.alloc(width * height);
  for (let i = 0; i < luma.length; i++) {
    const r = data[i * 4];
    const g = data[i * 4 + 1];
    const b = data[i * 4 + 2];
    luma[i] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`, 'ascii');
  const frameMark = Buffer.from('FRAME\n', 'ascii');
  const parts: Buffer[] = [header];
  for (let n = 0; n < count; n++) parts.push(frameMark, luma, chroma);
  return Buffer.concat(parts);
}
