import { getRouteApi } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import {
  nextAppointmentStatuses,
  ownerAppointmentFields,
  type Appointment,
  type AppointmentStatus,
  type ServiceDto,
  type StaffDto,
} from '../../../schema/bookings/bookings';
import { formatCents } from '../../../schema/kit/money';
import type { UserData } from '../../data/db';
import { Button } from '../../ui/button';
import { EmptyState, LoadError, Notice } from '../../ui/feedback';
import { SelectField } from '../../ui/form-controls';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import * as w from '../../ui/page.css';
import { DeviceDataGate } from '../../kit/device-data-gate';
import { serverMessage } from '../../kit/workspace-queries';
import { bookInProblem, clashesOf, type DiarySetup } from './diary-model';
import { addIsoDays, dayIn, instantIn, isoDayIn, timeIn, useRules, useServices, useStaff } from './use-bookings';
import { bookIn, changeAppointment, useAppointments } from './use-diary';

const route = getRouteApi('/protected/workspace/$workspaceId/services/diary');

export const statusLabels: Record<AppointmentStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  checked_in: 'Checked in',
  in_progress: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
  no_show: 'No-show',
};
const actionLabels: Record<AppointmentStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirm',
  checked_in: 'Check in',
  in_progress: 'Start',
  completed: 'Complete',
  cancelled: 'Cancel',
  no_show: 'No-show',
};

/**
 * /workspace/{id}/services/diary: the day or week of one staff member (or everyone), with what each
 * appointment can do next. It reads and writes the device's copy of the diary, so it works with no
 * network; services, staff and rules are the ones last read online.
 */
export function DiaryPage() {
  const { workspaceId } = route.useParams();
  return <DeviceDataGate opening="Opening the diary...">{(data) => <Diary data={data} workspaceId={workspaceId} />}</DeviceDataGate>;
}

/** Everything the diary needs besides the appointments, or why it is not there. */
function useSetup(workspaceId: number) {
  const staff = useStaff(workspaceId);
  const services = useServices(workspaceId);
  const rules = useRules(workspaceId);
  const error = staff.error ?? services.error ?? rules.error;
  const setup: (DiarySetup & { services: ServiceDto[] }) | null =
    staff.data && services.data && rules.data
      ? { zone: rules.data.timezone, rules: rules.data.rules, staff: staff.data.staff, services: services.data.services }
      : null;
  const retry = () => void Promise.all([staff.refetch(), services.refetch(), rules.refetch()]);
  return { setup, error, retry };
}

function Diary({ data, workspaceId }: { data: UserData; workspaceId: number }) {
  const [view, setView] = useState<'day' | 'week'>('day');
  const [day, setDay] = useState(() => isoDayIn(new Date()));
  const [staffId, setStaffId] = useState('');
  const appointments = useAppointments(data, workspaceId);
  const { setup, error, retry } = useSetup(workspaceId);
  const all = appointments.data ?? [];
  const clashes = useMemo(() => clashesOf(all), [all]);
  const to = view === 'day' ? day : addIsoDays(day, 6);
  const zone = setup?.zone;
  const shown = all.filter((a) => {
    const d = isoDayIn(new Date(a.start_at), zone);
    return d >= day && d <= to && (!staffId || a.consultant_id === staffId);
  });
  const clashing = shown.filter((a) => clashes.has(a.id));
  const days = view === 'day' ? [day] : Array.from({ length: 7 }, (_, i) => addIsoDays(day, i));
  return (
    <section className={w.page} aria-labelledby="diary-title">
      <div className={w.pageHeader}>
        <h1 id="diary-title" className={w.title}>
          Diary
        </h1>
        <div className={w.row}>
          <Button variant={view === 'day' ? 'primary' : 'secondary'} onPress={() => setView('day')}>
            Day
          </Button>
          <Button variant={view === 'week' ? 'primary' : 'secondary'} onPress={() => setView('week')}>
            Week
          </Button>
        </div>
      </div>
      <div className={w.row}>
        <Button variant="secondary" onPress={() => setDay(addIsoDays(day, view === 'day' ? -1 : -7))}>
          Previous
        </Button>
        <TextField label="From" value={day} onChange={(v) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? setDay(v) : undefined)} />
        <Button variant="secondary" onPress={() => setDay(addIsoDays(day, view === 'day' ? 1 : 7))}>
          Next
        </Button>
        <SelectField
          label="Staff member"
          value={staffId}
          onChange={setStaffId}
          options={[{ value: '', label: 'Everyone' }, ...(setup?.staff ?? []).map((s) => ({ value: s.id, label: s.name }))]}
        />
      </div>
      {appointments.status === 'loading' || (!setup && !error) ? (
        <Spinner label="Loading the diary" />
      ) : appointments.status === 'error' ? (
        <LoadError title="The diary could not be loaded" message={appointments.error} onRetry={retry} />
      ) : !setup ? (
        <LoadError title="The diary could not be loaded" message={serverMessage(error)} onRetry={retry} />
      ) : (
        <div className={w.stack}>
          {clashing.length > 0 ? <ClashNotice clashing={clashing} clashes={clashes} setup={setup} /> : null}
          {days.map((d) => {
            const onDay = shown.filter((a) => isoDayIn(new Date(a.start_at), setup.zone) === d);
            return (
              <section key={d} aria-label={d}>
                <h2 className={w.sectionTitle}>{dayIn(`${d}T12:00:00Z`, 'UTC')}</h2>
                {onDay.length === 0 ? (
                  <p className={w.muted}>No appointments</p>
                ) : (
                  <ul className={w.list} aria-label={`Appointments on ${d}`}>
                    {onDay.map((a) => (
                      <AppointmentRow key={a.id} data={data} appointment={a} setup={setup} diary={all} clashesWith={clashes.get(a.id)} />
                    ))}
                  </ul>
                )}
              </section>
            );
          })}
          <BookIn data={data} workspaceId={workspaceId} day={day} setup={setup} diary={all} />
        </div>
      )}
    </section>
  );
}

const nameOf = (setup: { services: ServiceDto[] }, id: string) => setup.services.find((s) => s.id === id)?.title ?? 'A service';
const staffName = (setup: DiarySetup, id: string) => setup.staff.find((s) => s.id === id)?.name ?? 'someone';

/** Appointments that overlap for one person: kept both, shown until one is moved or cancelled. */
function ClashNotice({
  clashing,
  clashes,
  setup,
}: {
  clashing: Appointment[];
  clashes: Map<string, Appointment[]>;
  setup: DiarySetup & { services: ServiceDto[] };
}) {
  const pairs = clashing.flatMap((a) =>
    (clashes.get(a.id) ?? []).filter((b) => a.id < b.id).map((b) => ({ key: `${a.id}:${b.id}`, a, b })),
  );
  return (
    <Notice tone="warning" title={pairs.length === 1 ? 'Two bookings clash' : `${pairs.length} pairs of bookings clash`}>
      <ul className={w.list} aria-label="Clashing bookings">
        {pairs.map(({ key, a, b }) => (
          <li key={key}>
            {staffName(setup, a.consultant_id)} is booked twice: {timeIn(a.start_at, setup.zone)} {a.customer_name} (
            {a.source === 'online' ? 'online' : 'by you'}) and {timeIn(b.start_at, setup.zone)} {b.customer_name} (
            {b.source === 'online' ? 'online' : 'by you'}).
          </li>
        ))}
      </ul>
      <p className={w.muted}>Both bookings are kept. Move or cancel one of them.</p>
    </Notice>
  );
}

function AppointmentRow({
  data,
  appointment: a,
  setup,
  diary,
  clashesWith,
}: {
  data: UserData;
  appointment: Appointment;
  setup: DiarySetup & { services: ServiceDto[] };
  diary: Appointment[];
  clashesWith?: Appointment[];
}) {
  const [moveTo, setMoveTo] = useState('');
  const [error, setError] = useState('');
  const run = (change: Parameters<typeof changeAppointment>[2]) => {
    setError('');
    changeAppointment(data, a.id, change).catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  };
  const move = () => {
    const start = instantIn(isoDayIn(new Date(a.start_at), setup.zone), moveTo, setup.zone);
    const service = setup.services.find((s) => s.id === a.service_id);
    const problem = bookInProblem(
      setup,
      { duration_minutes: a.duration_minutes, availability: service?.availability ?? {} },
      a.consultant_id,
      new Date(start),
      diary,
      new Date(),
      a.id,
    );
    if (problem) setError(problem);
    else run({ start_at: start });
  };
  const canMove = a.status === 'pending' || a.status === 'confirmed';
  return (
    <li className={w.listItem} data-clash={clashesWith ? 'true' : undefined}>
      <div className={w.itemMain}>
        <p className={w.itemName}>
          {timeIn(a.start_at, setup.zone)}–{timeIn(a.end_at, setup.zone)} · {a.customer_name}
        </p>
        <p className={w.muted}>
          {nameOf(setup, a.service_id)} with {staffName(setup, a.consultant_id)}
          {a.customer_phone ? ` · ${a.customer_phone}` : ''}
          {a.source === 'online' ? ' · booked online' : ''}
          {a.deposit_cents > 0 ? ` · ${depositText(a)}` : ''}
        </p>
        {clashesWith ? (
          <p className={w.fieldError}>
            Clashes with {clashesWith.map((b) => `${timeIn(b.start_at, setup.zone)} ${b.customer_name}`).join(', ')}
          </p>
        ) : null}
        {error ? <p className={w.fieldError}>{error}</p> : null}
      </div>
      <span className={a.status === 'cancelled' || a.status === 'no_show' ? w.badge.neutral : w.badge.accent}>
        {statusLabels[a.status]}
      </span>
      {clashesWith ? <span className={w.badge.accent}>Clash</span> : null}
      <div className={w.row}>
        {nextAppointmentStatuses[a.status].map((next) => (
          <Button
            key={next}
            variant={next === 'cancelled' || next === 'no_show' ? 'secondary' : 'primary'}
            onPress={() => run({ status: next })}
          >
            {actionLabels[next]}
          </Button>
        ))}
        {canMove ? (
          <>
            <TextField label="Move to (HH:mm)" value={moveTo} onChange={setMoveTo} placeholder="10:30" />
            <Button variant="secondary" isDisabled={!/^\d{2}:\d{2}$/.test(moveTo)} onPress={move}>
              Move
            </Button>
          </>
        ) : null}
      </div>
    </li>
  );
}

/** A phone or walk-in customer booked in by the owner, on the day shown, on this device. */
function BookIn({
  data,
  workspaceId,
  day,
  setup,
  diary,
}: {
  data: UserData;
  workspaceId: number;
  day: string;
  setup: DiarySetup & { services: ServiceDto[] };
  diary: Appointment[];
}) {
  const staff: StaffDto[] = setup.staff.filter((s) => s.active);
  const [serviceId, setServiceId] = useState(setup.services[0]?.id ?? '');
  const [staffId, setStaffId] = useState(staff[0]?.id ?? '');
  const [time, setTime] = useState('09:00');
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState('');
  if (setup.services.length === 0 || staff.length === 0) {
    return (
      <EmptyState title="Nothing to book yet">
        <p className={w.muted}>Add staff and a service first.</p>
      </EmptyState>
    );
  }
  const service = setup.services.find((s) => s.id === serviceId);
  const submit = async () => {
    setSaved('');
    const fields = ownerAppointmentFields.safeParse({ customer_name: name, customer_email: email, customer_phone: phone });
    const found: Record<string, string> = {};
    if (!fields.success) for (const issue of fields.error.issues) found[String(issue.path[0])] ??= issue.message;
    if (!/^\d{2}:\d{2}$/.test(time)) found.time = 'Write the time as HH:mm';
    if (!service) found.service = 'Choose a service';
    else if (!service.staff_ids.includes(staffId)) found.staff = 'That staff member does not perform this service';
    if (service && !found.time && !found.staff) {
      const problem = bookInProblem(setup, service, staffId, new Date(instantIn(day, time, setup.zone)), diary, new Date());
      if (problem) found.time = problem;
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || !service || !fields.success) return;
    const start = instantIn(day, time, setup.zone);
    await bookIn(data, {
      workspace_id: workspaceId,
      service_id: service.id,
      consultant_id: staffId,
      start_at: start,
      end_at: new Date(Date.parse(start) + service.duration_minutes * 60_000).toISOString(),
      duration_minutes: service.duration_minutes,
      price_cents: service.price_cents,
      currency: service.currency,
      customer_name: fields.data.customer_name,
      customer_email: fields.data.customer_email ?? '',
      customer_phone: fields.data.customer_phone ?? '',
    });
    setSaved(`${fields.data.customer_name} is booked in at ${time}.`);
    setName('');
    setPhone('');
    setEmail('');
  };
  return (
    <form
      className={w.stack}
      aria-label="Book a customer in"
      onSubmit={(e) => {
        e.preventDefault();
        submit().catch((err: unknown) => setErrors({ form: err instanceof Error ? err.message : String(err) }));
      }}
    >
      <h2 className={w.sectionTitle}>Book a customer in on {day}</h2>
      <div className={w.row}>
        <SelectField
          label="Service"
          value={serviceId}
          onChange={setServiceId}
          options={setup.services.map((s) => ({ value: s.id, label: s.title }))}
          error={errors.service}
        />
        <SelectField
          label="With"
          value={staffId}
          onChange={setStaffId}
          options={staff.map((s) => ({ value: s.id, label: s.name }))}
          error={errors.staff}
        />
        <TextField label="Time (HH:mm)" value={time} onChange={setTime} error={errors.time} />
      </div>
      <div className={w.row}>
        <TextField label="Customer's name" value={name} onChange={setName} error={errors.customer_name} />
        <TextField label="Phone" value={phone} onChange={setPhone} error={errors.customer_phone} />
        <TextField label="E-mail (optional)" value={email} onChange={setEmail} error={errors.customer_email} />
      </div>
      {errors.form ? <p className={w.fieldError}>{errors.form}</p> : null}
      {saved ? (
        <p className={w.muted} role="status">
          {saved}
        </p>
      ) : null}
      <div className={w.formActions}>
        <Button type="submit">Book in</Button>
      </div>
    </form>
  );
}

/** Where an appointment's online deposit stands, for the diary. */
function depositText(a: Appointment): string {
  const amount = formatCents(a.payment_status === 'unpaid' ? a.deposit_cents : a.paid_cents, a.currency);
  if (a.payment_status === 'paid') return `deposit ${amount} paid`;
  if (a.payment_status === 'refunded') return `deposit ${amount} refunded`;
  return `deposit ${amount} not paid yet`;
}
