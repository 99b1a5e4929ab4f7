import { doorKit, eventMessages, type DoorKit } from '../../../schema/events/events';
import { verifyTicketCode } from '../../../schema/events/ticket-code';
import { brand } from '../../../schema/brand';
import type { UserData } from '../../data/db';

/** What the door says about one scan. */
export type Verdict =
  | { kind: 'admit'; holderTicket: string; at: string }
  | { kind: 'again'; holderTicket: string; firstAt: string; firstDevice: string }
  | { kind: 'refuse'; message: string };

const kitKey = (eventId: string) => `${brand.storagePrefix}-door-kit-${eventId}`;

/** The door kit last fetched for an event on this device (kept for scanning offline). */
export function storedKit(eventId: string): DoorKit | null {
  try {
    const parsed = doorKit.safeParse(JSON.parse(localStorage.getItem(kitKey(eventId)) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function keepKit(kit: DoorKit): void {
  try {
    localStorage.setItem(kitKey(kit.event_id), JSON.stringify(kit));
  } catch {
    // Storage refused: the door still works until the page is closed.
  }
}

/**
 * Checks one scanned code with no network (DESIGN.md §15): the signature under the event's key,
 * the event, the revocation list, then this device's copy of every door's admissions. An admission
 * is written to the device database at once; it replicates to the other doors when any network exists.
 */
export async function checkTicket(
  data: UserData,
  input: { code: string; kit: DoorKit; workspaceId: number; deviceId: string; deviceName: string; now: Date },
): Promise<Verdict> {
  const checked = await verifyTicketCode(input.code, input.kit.public_key, input.kit.event_id);
  if (!checked.ok) return { kind: 'refuse', message: checked.reason === 'other_event' ? eventMessages.otherEvent : eventMessages.forged };
  const ticketId = checked.claims.ticketId;
  if (input.kit.revoked.includes(ticketId)) return { kind: 'refuse', message: eventMessages.revoked };
  const earlier = await data.db.check_ins
    .findOne({ selector: { workspace_id: input.workspaceId, event_id: input.kit.event_id, ticket_id: ticketId } })
    .exec();
  if (earlier) {
    return { kind: 'again', holderTicket: ticketId, firstAt: earlier.scanned_at, firstDevice: earlier.device_name ?? earlier.device_id };
  }
  const at = input.now.toISOString();
  await data.db.check_ins.insert({
    id: crypto.randomUUID(),
    workspace_id: input.workspaceId,
    updated_at: at,
    event_id: input.kit.event_id,
    ticket_id: ticketId,
    device_id: input.deviceId,
    device_name: input.deviceName,
    scanned_at: at,
  });
  return { kind: 'admit', holderTicket: ticketId, at };
}
