import { describe, expect, it } from 'vitest';
import { bookingMessages, defaultRules, type Appointment, type StaffDto } from '../../../schema/bookings/bookings';
import { bookInProblem, clashesOf } from './diary-model';

const ZONE = 'Africa/Johannesburg';
const at = (time: string) => new Date(`2030-03-04T${time}:00+02:00`).toISOString();

function appointment(id: string, start: string, extra: Partial<Appointment> = {}): Appointment {
  return {
    id,
    workspace_id: 1,
    updated_at: at('07:00'),
    service_id: '7a9c1e3b-5d7f-4a9b-8c1d-2e4f6a8b0c2d',
    consultant_id: 'thandi',
    start_at: at(start),
    end_at: new Date(Date.parse(at(start)) + 3_600_000).toISOString(),
    duration_minutes: 60,
    price_cents: 15000,
    currency: 'ZAR',
    status: 'confirmed',
    customer_name: id,
    customer_email: '',
    customer_phone: '',
    source: 'owner',
    payment_status: 'unpaid',
    deposit_cents: 0,
    paid_cents: 0,
    created_at: at('07:00'),
    sequence: 0,
    ...extra,
  };
}

describe('clashes in the diary', () => {
  it('pairs overlapping appointments of one person, both ways; touching, cancelled or another person’s do not clash', () => {
    const list = [
      appointment('phone', '10:00'),
      appointment('web', '10:30', { source: 'online' }),
      appointment('next', '11:15'),
      appointment('after', '12:30'),
      appointment('gone', '12:45', { status: 'cancelled' }),
      appointment('sipho', '10:00', { consultant_id: 'sipho' }),
    ];
    const clashes = clashesOf(list);
    expect([...clashes.keys()].sort()).toEqual(['next', 'phone', 'web']);
    expect(clashes.get('phone')?.map((a) => a.id)).toEqual(['web']);
    expect(
      clashes
        .get('web')
        ?.map((a) => a.id)
        .sort(),
    ).toEqual(['next', 'phone']);
  });
});

describe('booking in on the device', () => {
  const staff: StaffDto = {
    id: 'thandi',
    name: 'Thandi',
    email: null,
    hours: { '1': [{ start: '09:00', end: '17:00' }] },
    off_weekdays: [],
    active: true,
    time_off: [],
  };
  const setup = { zone: ZONE, rules: { ...defaultRules, buffer_after_minutes: 15 }, staff: [staff] };
  const service = { duration_minutes: 60, availability: {} };
  const now = new Date(at('06:00'));

  it('follows the online diary’s rules: taken, inside a buffer, outside hours, no such person', () => {
    const diary = [appointment('web', '10:00', { source: 'online' })];
    expect(bookInProblem(setup, service, 'thandi', new Date(at('12:00')), diary, now)).toBeNull();
    expect(bookInProblem(setup, service, 'thandi', new Date(at('09:00')), diary, now)).toBe(bookingMessages.inBuffer);
    expect(bookInProblem(setup, service, 'thandi', new Date(at('10:30')), diary, now)).toBe(bookingMessages.notFree);
    expect(bookInProblem(setup, service, 'thandi', new Date(at('11:00')), diary, now)).toBe(bookingMessages.inBuffer);
    expect(bookInProblem(setup, service, 'thandi', new Date(at('16:30')), diary, now)).toBe(bookingMessages.outsideHours);
    expect(bookInProblem(setup, service, 'sipho', new Date(at('09:00')), diary, now)).toBe(bookingMessages.outsideHours);
    // The owner may book the next free minute (a customer online needs notice), and move a booking onto its own time.
    expect(bookInProblem(setup, service, 'thandi', new Date(at('13:00')), diary, new Date(at('12:59')))).toBeNull();
    expect(bookInProblem(setup, service, 'thandi', new Date(at('10:30')), diary, now, 'web')).toBeNull();
  });
});
