import { prepareZXingModule, purgeZXingModule, readBarcodes } from 'zxing-wasm/reader';

/**
 * Where the reader's WebAssembly comes from: an address on our own origin in the browser (never the
 * library's default CDN: the door works offline and the CSP names no other host), or its bytes in
 * Node, where the tests read them from the package.
 */
export type WasmSource = { url: string } | { binary: ArrayBuffer };

/** Reads the one QR code in a camera frame, or null when there is none. */
export type QrDecoder = (frame: ImageData) => Promise<string | null>;

/**
 * ZXing's reader, instantiated once from `wasm`. A failed load (offline, the file never fetched) is
 * forgotten at once, so a later try, back online, fetches the file again instead of repeating the
 * failure the library would otherwise keep.
 */
export async function openQrDecoder(wasm: WasmSource): Promise<QrDecoder> {
  const overrides =
    'url' in wasm
      ? { locateFile: (file: string, prefix: string) => (file.endsWith('.wasm') ? wasm.url : prefix + file) }
      : { wasmBinary: wasm.binary };
  try {
    await prepareZXingModule({ overrides, fireImmediately: true });
  } catch (err) {
    purgeZXingModule();
    throw err;
  }
  return async (frame) => {
    // QR only: the door reads tickets, and every other symbology tried is time lost per frame.
    const found = await readBarcodes(frame, { formats: ['QRCode'], maxNumberOfSymbols: 1 });
    return found.find((r) => r.isValid && r.text)?.text ?? null;
  };
}
