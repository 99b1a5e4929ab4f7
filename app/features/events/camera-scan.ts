import { cameraMessages } from './camera-messages';

/** Reads the QR code in the frame just drawn on `canvas`, or null when there is none. */
type FrameReader = (canvas: HTMLCanvasElement, context: CanvasRenderingContext2D) => Promise<string | null>;

/** How often a frame is read: quick enough to feel at once, slow enough to spare an old phone's battery. */
export const SCAN_INTERVAL_MS = 250;
/** Frames are read at most this wide: a ticket's code needs no more, and a smaller frame reads faster. */
const FRAME_WIDTH = 720;

interface Detector {
  detect(source: HTMLCanvasElement): Promise<{ rawValue: string }[]>;
}

function isDetector(made: unknown): made is Detector {
  return typeof made === 'object' && made !== null && 'detect' in made && typeof made.detect === 'function';
}

/** The browser's own reader (BarcodeDetector), where it has one that reads QR codes; else null. */
async function browserReader(): Promise<FrameReader | null> {
  const ctor: unknown = Reflect.get(window, 'BarcodeDetector');
  if (typeof ctor !== 'function') return null;
  // Some browsers have the API but no QR support; they say so through getSupportedFormats.
  const supported: unknown = Reflect.get(ctor, 'getSupportedFormats');
  if (typeof supported === 'function') {
    const formats: unknown = await Promise.resolve(Reflect.apply(supported, ctor, [])).catch(() => []);
    if (!Array.isArray(formats) || !formats.includes('qr_code')) return null;
  }
  const made: unknown = Reflect.construct(ctor, [{ formats: ['qr_code'] }]);
  if (!isDetector(made)) return null;
  return async (canvas) => (await made.detect(canvas))[0]?.rawValue || null;
}

/** ZXing's WebAssembly reader, fetched from our own origin the first time (then kept by the service worker). */
async function wasmReader(): Promise<FrameReader> {
  const { zxingDecoder } = await import('./zxing-reader');
  const decode = await zxingDecoder();
  return (canvas, context) => decode(context.getImageData(0, 0, canvas.width, canvas.height));
}

/** What to tell the person when the camera would not open (getUserMedia's error names). */
function openingProblem(err: unknown): string {
  const name = err instanceof DOMException ? err.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return cameraMessages.refused;
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return cameraMessages.noCamera;
  if (name === 'NotReadableError' || name === 'AbortError') return cameraMessages.busy;
  return cameraMessages.failed;
}

export interface ScanHandlers {
  /** The camera shows and frames are being read. */
  onScanning(): void;
  /** A code was read; the camera is already off. */
  onCode(code: string): void;
  /** The scan could not start: what to tell the person. The camera is off. */
  onProblem(message: string): void;
}

/**
 * Opens the back camera into `video` and reads a frame every SCAN_INTERVAL_MS until one holds a QR
 * code; then the camera stops and the code is handed on. The reader comes first, so a door that
 * cannot load one is told so without being asked for the camera. Returns the function that stops
 * it all (the camera too) wherever it has got to.
 */
export function scanWithCamera(video: HTMLVideoElement, handlers: ScanHandlers): () => void {
  let stopped = false;
  let stream: MediaStream | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    stream?.getTracks().forEach((t) => t.stop());
    stream = null;
    video.srcObject = null;
  };

  const run = async () => {
    let reader: FrameReader;
    try {
      reader = (await browserReader()) ?? (await wasmReader());
    } catch {
      if (!stopped) handlers.onProblem(navigator.onLine ? cameraMessages.couldNotLoad : cameraMessages.needsConnection);
      return;
    }
    if (stopped) return;
    if (typeof navigator.mediaDevices?.getUserMedia !== 'function') {
      handlers.onProblem(cameraMessages.unsupported);
      return;
    }
    let opened: MediaStream;
    try {
      opened = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
    } catch (err) {
      if (!stopped) handlers.onProblem(openingProblem(err));
      return;
    }
    stream = opened;
    if (stopped) {
      stop();
      return;
    }
    video.srcObject = opened;
    try {
      await video.play();
    } catch (err) {
      // Stopped while starting: nothing to say. Otherwise the picture never came.
      if (!stopped) {
        stop();
        handlers.onProblem(openingProblem(err));
      }
      return;
    }
    if (stopped) return;
    handlers.onScanning();
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) {
      stop();
      handlers.onProblem(cameraMessages.unsupported);
      return;
    }
    const tick = async () => {
      if (stopped) return;
      if (video.readyState >= video.HAVE_CURRENT_DATA && video.videoWidth > 0) {
        const scale = Math.min(1, FRAME_WIDTH / video.videoWidth);
        canvas.width = Math.round(video.videoWidth * scale);
        canvas.height = Math.round(video.videoHeight * scale);
        context.drawImage(video, 0, 0, canvas.width, canvas.height);
        // A frame the reader chokes on (a torn frame as the camera starts) is just a frame without a code.
        const code = await reader(canvas, context).catch(() => null);
        if (stopped) return;
        if (code) {
          stop();
          handlers.onCode(code);
          return;
        }
      }
      timer = setTimeout(() => void tick(), SCAN_INTERVAL_MS);
    };
    void tick();
  };
  void run();
  return stop;
}
