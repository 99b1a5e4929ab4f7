import { slotProblem, type AvailabilityRules, type BusyTime } from '../../../schema/bookings/booking-slots';
import {
  holdingStatuses,
  ownerRules,
  rulesFor,
  slotProblemMessages,
  staffAvailability,
  type Appointment,
  type ServiceDto,
  type StaffDto,
} from '../../../schema/bookings/bookings';

/** An appointment that holds its time in the diary (a cancelled one frees it). */
export const holdsTime = (a: Pick<Appointment, 'status'>) => holdingStatuses.includes(a.status);

/**
 * Appointments of one staff member whose times overlap, each with the ones it clashes with: a phone
 * booking taken offline for a time a customer booked online meanwhile, or two devices booking one
 * time. Both are kept; the diary shows them until one is moved or cancelled.
 */
export function clashesOf(list: readonly Appointment[]): Map<string, Appointment[]> {
  const out = new Map<string, Appointment[]>();
  const byStaff = new Map<string, Appointment[]>();
  for (const a of list) {
    if (!holdsTime(a)) continue;
    byStaff.set(a.consultant_id, [...(byStaff.get(a.consultant_id) ?? []), a]);
  }
  const add = (a: Appointment, b: Appointment) => out.set(a.id, [...(out.get(a.id) ?? []), b]);
  for (const theirs of byStaff.values()) {
    theirs.sort((a, b) => Date.parse(a.start_at) - Date.parse(b.start_at));
    theirs.forEach((a, i) => {
      const end = Date.parse(a.end_at);
      for (let j = i + 1; j < theirs.length && Date.parse(theirs[j].start_at) < end; j++) {
        add(a, theirs[j]);
        add(theirs[j], a);
      }
    });
  }
  return out;
}

/** What the slot engine needs to know of the diary: the times held, as busy times. */
export function busyTimes(list: readonly Appointment[]): Array<BusyTime & { id: string }> {
  return list.filter(holdsTime).map((a) => ({ id: a.id, staff_id: a.consultant_id, start: new Date(a.start_at), end: new Date(a.end_at) }));
}

export interface DiarySetup {
  zone: string;
  rules: AvailabilityRules;
  staff: readonly StaffDto[];
}

/**
 * Why the business cannot book `service` with `staffId` at `start` (or move `moving` there), as
 * the online diary says it, checked on the device against everything the device knows, so a booking
 * taken with no signal follows the same rules. Null when the time is free.
 */
export function bookInProblem(
  setup: DiarySetup,
  service: Pick<ServiceDto, 'duration_minutes' | 'availability'>,
  staffId: string,
  start: Date,
  diary: readonly Appointment[],
  now: Date,
  moving?: string,
): string | null {
  const staff = setup.staff.find((s) => s.id === staffId && s.active);
  const problem = slotProblem(
    {
      zone: setup.zone,
      now,
      duration_minutes: service.duration_minutes,
      rules: ownerRules(rulesFor(setup.rules, service.availability)),
      staff: staff ? [staffAvailability(staff)] : [],
      busy: busyTimes(diary),
    },
    staffId,
    start,
    moving ? (b) => 'id' in b && b.id === moving : undefined,
  );
  return problem ? slotProblemMessages[problem] : null;
}
