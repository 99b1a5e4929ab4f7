import { afterEach, describe, expect, it } from 'vitest';
import {
  dataSaverActive,
  forgetShownPictures,
  LARGE_FILE_BYTES,
  largeTransferAllowed,
  onUnmeteredNetwork,
  pictureHeld,
  showAllPictures,
  showPicture,
} from './data-saver';

afterEach(() => forgetShownPictures());

describe('data saver', () => {
  it('is on when the person chose it, or when the browser asks to save data', () => {
    expect(dataSaverActive(true, undefined)).toBe(true);
    expect(dataSaverActive(false, { type: 'cellular', saveData: true })).toBe(true);
    expect(dataSaverActive(false, { type: 'cellular', saveData: false })).toBe(false);
    expect(dataSaverActive(false, undefined)).toBe(false);
  });

  it('counts only Wi-Fi and wired networks as free; an unknown network is not', () => {
    expect(onUnmeteredNetwork({ type: 'wifi' })).toBe(true);
    expect(onUnmeteredNetwork({ type: 'ethernet' })).toBe(true);
    expect(onUnmeteredNetwork({ type: 'cellular' })).toBe(false);
    expect(onUnmeteredNetwork({})).toBe(false);
    expect(onUnmeteredNetwork(undefined)).toBe(false);
  });

  it('lets a large file travel only on Wi-Fi or when asked; small files and data saver off always go', () => {
    const large = LARGE_FILE_BYTES + 1;
    expect(largeTransferAllowed({ size: large, asked: false, saver: true, unmetered: false })).toBe(false);
    expect(largeTransferAllowed({ size: large, asked: true, saver: true, unmetered: false })).toBe(true);
    expect(largeTransferAllowed({ size: large, asked: false, saver: true, unmetered: true })).toBe(true);
    expect(largeTransferAllowed({ size: large, asked: false, saver: false, unmetered: false })).toBe(true);
    expect(largeTransferAllowed({ size: LARGE_FILE_BYTES, asked: false, saver: true, unmetered: false })).toBe(true);
  });

  it('holds every picture until it is tapped, or until all are asked for; without data saver none is held', () => {
    expect(pictureHeld(false, 'p1')).toBe(false);
    expect(pictureHeld(true, 'p1')).toBe(true);
    showPicture('p1');
    expect(pictureHeld(true, 'p1')).toBe(false);
    expect(pictureHeld(true, 'p2')).toBe(true);
    showAllPictures();
    expect(pictureHeld(true, 'p2')).toBe(false);
    forgetShownPictures();
    expect(pictureHeld(true, 'p1')).toBe(true);
  });
});
