import { useCallback, useDeferredValue, useEffect, useState } from 'react';
import { map } from 'rxjs';
import type { PosOrder, PosShift } from '../../../schema/pos/pos';
import type { UserData } from '../../data/db';
import { useLiveQuery } from '../../data/use-live-query';
import { useOnline } from '../../kit/online';
import { deviceIdOf, keepReceiptNumbers, receiptNumbers } from './till';

/** This device's till id (null until read from the device database). */
export function useDeviceId(data: UserData): string | null {
  const [id, setId] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void deviceIdOf(data).then((v) => live && setId(v));
    return () => {
      live = false;
    };
  }, [data]);
  return id;
}

/** Midnight today, local time, as an ISO string (what "today's sales" starts from). */
export function startOfToday(now = new Date()): string {
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  return d.toISOString();
}

/** The workspace's sales, voids and refunds completed since `since`, newest first, live. */
export function useOrdersSince(data: UserData, workspaceId: number, since: string): PosOrder[] | null {
  const query = useLiveQuery(
    () =>
      data.db.pos_orders
        .find({ selector: { workspace_id: workspaceId, completed_at: { $gte: since } } })
        .$.pipe(
          map((docs) => docs.map((d) => d.toMutableJSON()).sort((a, b) => (b.completed_at ?? '').localeCompare(a.completed_at ?? ''))),
        ),
    [data, workspaceId, since],
  );
  // A list refresh waits behind what the person is looking at (the receipt of the sale just made).
  return useDeferredValue(query.data);
}

const noOrders: PosOrder[] = [];

/** Orders that belong to a shift (for its cash-up), live. */
export function useShiftOrders(data: UserData, workspaceId: number, shiftId: string | undefined): PosOrder[] {
  const query = useLiveQuery(
    () =>
      shiftId
        ? data.db.pos_orders
            .find({ selector: { workspace_id: workspaceId, shift_id: shiftId } })
            .$.pipe(map((docs) => docs.map((d) => d.toMutableJSON())))
        : null,
    [data, workspaceId, shiftId],
  );
  return useDeferredValue(query.data ?? noOrders);
}

/** The shift open on this device, live; undefined while loading, null when none is open. */
export function useOpenShift(data: UserData, workspaceId: number, deviceId: string | null): PosShift | null | undefined {
  const query = useLiveQuery(
    () =>
      deviceId
        ? data.db.pos_shifts
            .findOne({ selector: { workspace_id: workspaceId, device_id: deviceId, status: 'open' } })
            .$.pipe(map((doc) => (doc ? doc.toMutableJSON() : null)))
        : null,
    [data, workspaceId, deviceId],
  );
  return query.status === 'ready' ? query.data : undefined;
}

/** Receipt numbers in hand on this device, and whether it ever held any in the workspace. */
export interface ReceiptNumbersInHand {
  remaining: number;
  held: boolean;
}

/**
 * Receipt numbers in hand on this device. While online, a device that sells reserves more when few
 * are left and numbers the sales made while it had none; `refresh` re-counts after a sale.
 */
export function useReceiptNumbers(data: UserData, workspaceId: number, deviceId: string | null) {
  const online = useOnline();
  const [inHand, setInHand] = useState<ReceiptNumbersInHand | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!deviceId) return;
    let live = true;
    const blocks = receiptNumbers(data, deviceId);
    const count = async () => {
      const [remaining, last] = await Promise.all([blocks.remaining(workspaceId, 'receipt'), blocks.lastBlockSize(workspaceId, 'receipt')]);
      if (live) setInHand({ remaining, held: last !== undefined });
    };
    void (async () => {
      await count();
      if (!online) return;
      try {
        await keepReceiptNumbers(data, workspaceId);
      } catch {
        // Offline after all, or the server is away: numbers are reserved on the next try.
      }
      await count();
    })();
    return () => {
      live = false;
    };
  }, [data, workspaceId, deviceId, online, tick]);
  const refresh = useCallback(() => setTick((t) => t + 1), []);
  return { inHand, refresh };
}
