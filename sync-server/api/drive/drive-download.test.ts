import { describe, expect, it } from 'vitest';
import { attachment, fileCsp, requestedRange, servedType } from './drive-download.js';

describe('byte ranges', () => {
  it('reads one range, an open end and a suffix; clamps the end to the file', () => {
    expect(requestedRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(requestedRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(requestedRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(requestedRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(requestedRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 });
  });

  it('a range outside the file is unsatisfiable; no header or several ranges send it whole', () => {
    expect(requestedRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(requestedRange('bytes=50-10', 1000)).toBe('unsatisfiable');
    expect(requestedRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(requestedRange(undefined, 1000)).toBeNull();
    expect(requestedRange('bytes=0-1,5-6', 1000)).toBeNull();
    expect(requestedRange('items=0-1', 1000)).toBeNull();
  });
});

describe('Content-Disposition', () => {
  it('names the file as ASCII and in full as UTF-8, with nothing that could end the header value', () => {
    expect(attachment('Stock list.pdf')).toBe(`attachment; filename="Stock list.pdf"; filename*=UTF-8''Stock%20list.pdf`);
    expect(attachment('Kwanele "Ndlovu" – ŉ.pdf')).toBe(
      `attachment; filename="Kwanele _Ndlovu_ _ _.pdf"; filename*=UTF-8''Kwanele%20%22Ndlovu%22%20%E2%80%93%20%C5%89.pdf`,
    );
    expect(attachment("Thabo's (1).pdf")).toBe(`attachment; filename="Thabo's (1).pdf"; filename*=UTF-8''Thabo%27s%20%281%29.pdf`);
  });
});

describe('served types', () => {
  it('serves the types the drive recognises as themselves and anything else as plain bytes', () => {
    for (const type of ['image/png', 'image/webp', 'application/pdf', 'text/plain', 'text/csv', 'application/zip']) {
      expect(servedType(type)).toBe(type);
    }
    for (const type of ['text/javascript', 'application/javascript', 'text/html', 'application/xhtml+xml', 'image/svg+xml', 'text/xml']) {
      expect(servedType(type)).toBe('application/octet-stream');
    }
  });

  it('sandboxes every file but a PDF opened in the browser, whose viewer will not run sandboxed', () => {
    expect(fileCsp('application/octet-stream', false)).toBe("sandbox; default-src 'none'; frame-ancestors 'none'");
    expect(fileCsp('image/png', true)).toBe("sandbox; default-src 'none'; frame-ancestors 'none'");
    expect(fileCsp('application/pdf', false)).toBe("sandbox; default-src 'none'; frame-ancestors 'none'");
    expect(fileCsp('application/pdf', true)).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
