import { DetailedError, type HttpResponse } from 'tus-js-client';
import { describe, expect, it } from 'vitest';
import { driveMessages } from '../../../schema/drive/drive';
import { scaledSize } from '../../kit/pictures/shrink-photo';
import { onUnmeteredNetwork } from '../../kit/data-saver';
import { isRefusal, refusalMessage, uploadMessages } from '../../kit/pictures/uploads';
import { heldForWifi, percentOf, uploadsToStart, type QueuedUpload } from './upload-queue';

function item(id: string, status: QueuedUpload['status']): QueuedUpload {
  return { id, workspaceId: 1, folderId: null, name: `${id}.png`, type: 'image/png', size: 100, sent: 0, status };
}

function answered(status: number, body: string): DetailedError {
  const res: HttpResponse = {
    getStatus: () => status,
    getHeader: () => undefined,
    getBody: () => body,
    getUnderlyingObject: () => null,
  };
  const err = new DetailedError('tus: unexpected response');
  err.originalResponse = res;
  return err;
}

describe('which uploads start', () => {
  it('none start while the device is offline', () => {
    expect(uploadsToStart([item('a', 'waiting'), item('b', 'waiting')], false)).toEqual([]);
  });

  it('online, the oldest waiting ones start, up to the free slots', () => {
    const items = [item('a', 'done'), item('b', 'uploading'), item('c', 'waiting'), item('d', 'waiting'), item('e', 'failed')];
    expect(uploadsToStart(items, true, 2)).toEqual(['c']);
    expect(uploadsToStart(items, true, 3)).toEqual(['c', 'd']);
  });

  it('nothing starts when every slot is busy, and failed or finished ones never restart by themselves', () => {
    expect(uploadsToStart([item('a', 'uploading'), item('b', 'uploading'), item('c', 'waiting')], true, 2)).toEqual([]);
    expect(uploadsToStart([item('a', 'failed'), item('b', 'done')], true, 2)).toEqual([]);
  });
});

describe('data saver', () => {
  const big = { ...item('big', 'waiting'), size: 6 * 1024 * 1024 };
  const small = { ...item('small', 'waiting'), size: 200 * 1024 };
  const mobile = { saver: true, unmetered: false };

  it('off Wi-Fi a large file waits and a small one goes; on Wi-Fi, or with data saver off, both go', () => {
    expect(uploadsToStart([big, small], true, 2, mobile)).toEqual(['small']);
    expect(uploadsToStart([big, small], true, 2, { saver: true, unmetered: true })).toEqual(['big', 'small']);
    expect(uploadsToStart([big, small], true, 2, { saver: false, unmetered: false })).toEqual(['big', 'small']);
  });

  it('"Upload now" lets a held file go off Wi-Fi', () => {
    expect(heldForWifi(big, mobile)).toBe(true);
    expect(heldForWifi({ ...big, asked: true }, mobile)).toBe(false);
    expect(uploadsToStart([{ ...big, asked: true }], true, 2, mobile)).toEqual(['big']);
  });

  it('only a connection the browser calls Wi-Fi or wired counts as unmetered', () => {
    expect(onUnmeteredNetwork({ type: 'wifi' })).toBe(true);
    expect(onUnmeteredNetwork({ type: 'ethernet' })).toBe(true);
    expect(onUnmeteredNetwork({ type: 'cellular' })).toBe(false);
    expect(onUnmeteredNetwork(undefined)).toBe(false);
  });
});

describe('what a stopped upload says', () => {
  it("a refusal shows the server's own message", () => {
    const err = answered(413, JSON.stringify({ message: driveMessages.quota, code: 'quota_exceeded' }));
    expect(refusalMessage(err)).toBe(driveMessages.quota);
    expect(isRefusal(err)).toBe(true);
  });

  it('a type the workspace does not allow, and content that does not match its name', () => {
    expect(refusalMessage(answered(415, JSON.stringify({ message: driveMessages.type })))).toBe(driveMessages.type);
    expect(refusalMessage(answered(422, JSON.stringify({ message: driveMessages.content })))).toBe(driveMessages.content);
  });

  it('an answer that is not JSON gives plain words; a server error is not a refusal', () => {
    const err = answered(502, '<html>Bad gateway</html>');
    expect(refusalMessage(err)).toBe(uploadMessages.failed);
    expect(isRefusal(err)).toBe(false);
  });

  it('no answer at all means the connection was lost', () => {
    const err = new DetailedError('tus: failed to upload chunk');
    expect(refusalMessage(err)).toBe(uploadMessages.network);
    expect(isRefusal(err)).toBe(false);
  });
});

describe('progress and photo size', () => {
  it('percent sent is whole and never above 100', () => {
    expect(percentOf({ sent: 1, size: 3 })).toBe(33);
    expect(percentOf({ sent: 5, size: 3 })).toBe(100);
    expect(percentOf({ sent: 0, size: 0 })).toBe(100);
  });

  it('a photo over 1600 px is scaled to 1600 on its longest side; a small one is left alone', () => {
    expect(scaledSize(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(scaledSize(3000, 4000)).toEqual({ width: 1200, height: 1600 });
    expect(scaledSize(1600, 900)).toEqual({ width: 1600, height: 900 });
  });
});
