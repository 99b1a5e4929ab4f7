import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import {
  nextAppointmentStatuses,
  type AppointmentDto,
  type AppointmentStatus,
  type ServiceDto,
  type StaffDto,
} from '../../../schema/bookings';
import { formatCents } from '../../../schema/money';
import { Button } from '../../ui/button';
import { EmptyState, LoadError } from '../../ui/feedback';
import { SelectField } from '../../ui/form-controls';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import * as w from '../../ui/page.css';
import { serverMessage } from '../workspaces/workspace-queries';
import {
  addIsoDays,
  bookingCalls,
  dayIn,
  instantIn,
  isoDayIn,
  timeIn,
  useBookingChange,
  useDiary,
  useServices,
  useStaff,
} from './use-bookings';

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

/** /workspace/{id}/services/diary: the day or week of one staff member (or everyone), with what each appointment can do next. */
export function DiaryPage() {
  const { workspaceId } = route.useParams();
  const [view, setView] = useState<'day' | 'week'>('day');
  const [day, setDay] = useState(() => isoDayIn(new Date()));
  const [staffId, setStaffId] = useState('');
  const to = view === 'day' ? day : addIsoDays(day, 6);
  const diary = useDiary(workspaceId, day, to, staffId);
  const staff = useStaff(workspaceId);
  const services = useServices(workspaceId);
  const zone = diary.data?.timezone;
  const shown = (diary.data?.appointments ?? []).filter((a) => {
    const d = isoDayIn(new Date(a.start_at), zone);
    return d >= day && d <= to;
  });
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
          options={[{ value: '', label: 'Everyone' }, ...(staff.data?.staff ?? []).map((s) => ({ value: s.id, label: s.name }))]}
        />
      </div>
      {diary.isPending ? (
        <Spinner label="Loading the diary" />
      ) : diary.isError ? (
        <LoadError title="The diary could not be loaded" message={serverMessage(diary.error)} onRetry={() => void diary.refetch()} />
      ) : (
        <div className={w.stack}>
          {days.map((d) => {
            const onDay = shown.filter((a) => isoDayIn(new Date(a.start_at), zone) === d);
            return (
              <section key={d} aria-label={d}>
                <h2 className={w.sectionTitle}>{dayIn(`${d}T12:00:00Z`, 'UTC')}</h2>
                {onDay.length === 0 ? (
                  <p className={w.muted}>No appointments</p>
                ) : (
                  <ul className={w.list} aria-label={`Appointments on ${d}`}>
                    {onDay.map((a) => (
                      <AppointmentRow key={a.id} workspaceId={workspaceId} appointment={a} zone={zone} />
                    ))}
                  </ul>
                )}
              </section>
            );
          })}
          {staff.data && services.data ? (
            <BookIn workspaceId={workspaceId} day={day} zone={zone ?? 'UTC'} staff={staff.data.staff} services={services.data.services} />
          ) : null}
        </div>
      )}
    </section>
  );
}

function AppointmentRow({ workspaceId, appointment: a, zone }: { workspaceId: number; appointment: AppointmentDto; zone?: string }) {
  const [moveTo, setMoveTo] = useState('');
  const [error, setError] = useState('');
  const change = useBookingChange((body: { status?: AppointmentStatus; start_at?: string }) =>
    bookingCalls.updateAppointment(workspaceId, a.id, body),
  );
  const run = (body: { status?: AppointmentStatus; start_at?: string }) => {
    setError('');
    change.mutate(body, { onError: (e) => setError(serverMessage(e)) });
  };
  const canMove = a.status === 'pending' || a.status === 'confirmed';
  return (
    <li className={w.listItem}>
      <div className={w.itemMain}>
        <p className={w.itemName}>
          {timeIn(a.start_at, zone)}–{timeIn(a.end_at, zone)} · {a.customer_name}
        </p>
        <p className={w.muted}>
          {a.service_title} with {a.staff_name}
          {a.customer_phone ? ` · ${a.customer_phone}` : ''}
          {a.source === 'online' ? ' · booked online' : ''}
          {a.deposit_cents > 0 ? ` · ${depositText(a)}` : ''}
        </p>
        {error ? <p className={w.fieldError}>{error}</p> : null}
      </div>
      <span className={a.status === 'cancelled' || a.status === 'no_show' ? w.badge.neutral : w.badge.accent}>
        {statusLabels[a.status]}
      </span>
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
            <Button
              variant="secondary"
              isDisabled={!/^\d{2}:\d{2}$/.test(moveTo)}
              onPress={() => run({ start_at: instantIn(isoDayIn(new Date(a.start_at), zone), moveTo, zone ?? 'UTC') })}
            >
              Move
            </Button>
          </>
        ) : null}
      </div>
    </li>
  );
}

/** A phone or walk-in customer booked in by the owner, on the day shown. */
function BookIn({
  workspaceId,
  day,
  zone,
  staff,
  services,
}: {
  workspaceId: number;
  day: string;
  zone: string;
  staff: StaffDto[];
  services: ServiceDto[];
}) {
  const [serviceId, setServiceId] = useState(services[0]?.id ?? '');
  const [staffId, setStaffId] = useState(staff[0]?.id ?? '');
  const [time, setTime] = useState('09:00');
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [error, setError] = useState('');
  const create = useBookingChange(() =>
    bookingCalls.createAppointment(workspaceId, {
      service_id: serviceId,
      staff_id: staffId,
      start_at: instantIn(day, time, zone),
      customer_name: name,
      customer_phone: phone,
    }),
  );
  if (services.length === 0 || staff.length === 0) {
    return (
      <EmptyState title="Nothing to book yet">
        <p className={w.muted}>Add staff and a service first.</p>
      </EmptyState>
    );
  }
  return (
    <form
      className={w.stack}
      aria-label="Book a customer in"
      onSubmit={(e) => {
        e.preventDefault();
        setError('');
        create.mutate(undefined, { onSuccess: () => setName(''), onError: (err) => setError(serverMessage(err)) });
      }}
    >
      <h2 className={w.sectionTitle}>Book a customer in on {day}</h2>
      <div className={w.row}>
        <SelectField
          label="Service"
          value={serviceId}
          onChange={setServiceId}
          options={services.map((s) => ({ value: s.id, label: s.title }))}
        />
        <SelectField label="With" value={staffId} onChange={setStaffId} options={staff.map((s) => ({ value: s.id, label: s.name }))} />
        <TextField label="Time (HH:mm)" value={time} onChange={setTime} />
      </div>
      <div className={w.row}>
        <TextField label="Customer's name" value={name} onChange={setName} />
        <TextField label="Phone" value={phone} onChange={setPhone} />
      </div>
      {error ? <p className={w.fieldError}>{error}</p> : null}
      <div className={w.formActions}>
        <Button type="submit" isPending={create.isPending}>
          Book in
        </Button>
      </div>
    </form>
  );
}

/** Where an appointment's online deposit stands, for the diary. */
function depositText(a: AppointmentDto): string {
  const amount = formatCents(a.payment_status === 'unpaid' ? a.deposit_cents : a.paid_cents, a.currency);
  if (a.payment_status === 'paid') return `deposit ${amount} paid`;
  if (a.payment_status === 'refunded') return `deposit ${amount} refunded`;
  return `deposit ${amount} not paid yet`;
}
