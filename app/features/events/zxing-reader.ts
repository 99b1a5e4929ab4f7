import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { openQrDecoder, type QrDecoder } from './qr-decode';

let opening: Promise<QrDecoder> | null = null;

/**
 * The door camera's QR reader where the browser has none of its own. Imported only when someone
 * presses "Scan with camera", so neither this code nor its WebAssembly (a file Vite copies into
 * our own assets) is part of the install; the service worker keeps both once they have loaded.
 * One instance serves every later scan; a failed load is forgotten so the next press tries again.
 */
export function zxingDecoder(): Promise<QrDecoder> {
  opening ??= openQrDecoder({ url: wasmUrl }).catch((err: unknown) => {
    opening = null;
    throw err;
  });
  return opening;
}
