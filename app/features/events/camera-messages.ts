/** What the door's camera tells the person at the door; the ticket code can always be typed instead. */
export const cameraMessages = {
  scan: 'Scan with camera',
  stop: 'Stop camera',
  retry: 'Try the camera again',
  starting: 'Starting the camera…',
  aim: "Hold the ticket's QR code up to the camera.",
  needsConnection: 'The camera scanner needs a connection the first time. Type the ticket code for now.',
  couldNotLoad: 'The camera scanner could not be loaded. Type the ticket code, or try again.',
  refused: "Camera access was refused. Allow the camera for this site in the browser's settings, or type the ticket code.",
  noCamera: 'No camera was found on this device. Type the ticket code instead.',
  busy: 'The camera is in use by another app. Close it and try again, or type the ticket code.',
  unsupported: 'This browser cannot open the camera here. Type the ticket code instead.',
  failed: 'The camera could not be opened. Type the ticket code, or try again.',
} as const;
