import { describe, expect, it } from 'vitest';
import { confirmedType, declaredType, sniff, typeAllowed } from './content-type.js';

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const pdf = Buffer.from('%PDF-1.7\n%âãÏÓ', 'latin1');
const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 20, 0]);
const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([1, 2, 3, 4]), Buffer.from('WEBPVP8 ')]);
const exe = Buffer.from('MZ\u0090\u0000\u0003', 'latin1');

describe('content sniffing', () => {
  it('recognises png, jpeg, gif, webp, pdf and zip by their first bytes', () => {
    expect(sniff(png)).toBe('image/png');
    expect(sniff(jpeg)).toBe('image/jpeg');
    expect(sniff(Buffer.from('GIF89a……'))).toBe('image/gif');
    expect(sniff(webp)).toBe('image/webp');
    expect(sniff(pdf)).toBe('application/pdf');
    expect(sniff(zip)).toBe('application/zip');
    expect(sniff(exe)).toBeNull();
    expect(sniff(Buffer.alloc(0))).toBeNull();
  });

  it('a name and a declared type that disagree are refused; a generic type takes the extension’s', () => {
    expect(declaredType('photo.png', 'image/png')).toBe('image/png');
    expect(declaredType('photo.PNG', 'application/octet-stream')).toBe('image/png');
    expect(declaredType('photo.jpg', 'image/jpg')).toBe('image/jpeg');
    expect(declaredType('photo.png', 'application/pdf')).toBeNull();
    expect(declaredType('notes', 'text/plain')).toBe('text/plain');
    expect(declaredType('report.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
  });

  it('content must be what its type says', () => {
    expect(confirmedType('image/png', png)).toBe('image/png');
    expect(confirmedType('image/png', jpeg)).toBeNull();
    expect(confirmedType('application/pdf', exe)).toBeNull();
    expect(confirmedType('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', zip)).not.toBeNull();
    expect(confirmedType('text/plain', Buffer.from('hello'))).toBe('text/plain');
    expect(confirmedType('text/plain', exe)).toBeNull();
    expect(confirmedType('text/csv', png)).toBeNull();
    // A type without a signature of ours may not hold a known other one.
    expect(confirmedType('video/mp4', png)).toBeNull();
    expect(confirmedType('video/mp4', Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70]))).toBe('video/mp4');
  });

  it('allowed types match exactly, by major type, or all', () => {
    expect(typeAllowed(['image/*', 'application/pdf'], 'image/webp')).toBe(true);
    expect(typeAllowed(['image/*', 'application/pdf'], 'application/pdf')).toBe(true);
    expect(typeAllowed(['image/*', 'application/pdf'], 'application/zip')).toBe(false);
    expect(typeAllowed(['image/png'], 'image/jpeg')).toBe(false);
    expect(typeAllowed(['*/*'], 'application/zip')).toBe(true);
    expect(typeAllowed([], 'image/png')).toBe(false);
  });
});
