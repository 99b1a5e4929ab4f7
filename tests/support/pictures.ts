import sharp from 'sharp';

/**
 * A photo-like PNG for the walks that put pictures in the drive: a colour gradient (each channel
 * from its base, growing across by `across` and down by `down`), so a thumbnail of it is plainly a
 * picture and not an empty square.
 */
export function gradientPng(
  width: number,
  height: number,
  colour: { base: [number, number, number]; across: number; down: number },
): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    const x = (i / 3) % width;
    const y = Math.floor(i / 3 / width);
    pixels[i] = colour.base[0] + Math.floor((x / width) * colour.across);
    pixels[i + 1] = colour.base[1] + Math.floor((y / height) * colour.down);
    pixels[i + 2] = colour.base[2];
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}
