import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { serviceCreate, staffCreate, type ServiceDto, type StaffDto } from '../../../schema/bookings';
import { formatCents, parseCents } from '../../../schema/money';
import { LinkButton } from '../../routes/link-button';
import { Button } from '../../ui/button';
import { EmptyState, LoadError } from '../../ui/feedback';
import { CheckboxField } from '../../ui/form-controls';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import * as w from '../../ui/page.css';
import { serverMessage } from '../workspaces/workspace-queries';
import { bookingCalls, useBookingChange, useServices, useStaff } from './use-bookings';

const route = getRouteApi('/protected/workspace/$workspaceId/services/');
export const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

function hoursText(s: StaffDto): string {
  const days = weekdays.flatMap((name, i) => {
    const spans = s.hours[String(i) as '0'] ?? [];
    return spans.length > 0 && !s.off_weekdays.includes(i) ? [`${name} ${spans.map((x) => `${x.start}–${x.end}`).join(', ')}`] : [];
  });
  return days.length > 0 ? days.join(' · ') : 'No working hours';
}

/** /workspace/{id}/services: the services customers book, and the staff who perform them with their hours. */
export function ServicesPage() {
  const { workspaceId } = route.useParams();
  const services = useServices(workspaceId);
  const staff = useStaff(workspaceId);
  return (
    <section className={w.page} aria-labelledby="services-title">
      <div className={w.pageHeader}>
        <h1 id="services-title" className={w.title}>
          Services
        </h1>
        <LinkButton to="/workspace/$workspaceId/services/diary" params={{ workspaceId }}>
          Open the diary
        </LinkButton>
      </div>
      {services.isPending || staff.isPending ? (
        <Spinner label="Loading services" />
      ) : services.isError || staff.isError || !services.data || !staff.data ? (
        <LoadError
          title="Services could not be loaded"
          message={serverMessage(services.error ?? staff.error)}
          onRetry={() => void Promise.all([services.refetch(), staff.refetch()])}
        />
      ) : (
        <div className={w.stack}>
          <StaffSection workspaceId={workspaceId} staff={staff.data.staff} />
          <ServiceSection workspaceId={workspaceId} services={services.data.services} staff={staff.data.staff} />
        </div>
      )}
    </section>
  );
}

function StaffSection({ workspaceId, staff }: { workspaceId: number; staff: StaffDto[] }) {
  const [name, setName] = useState('');
  const [days, setDays] = useState<number[]>([1, 2, 3, 4, 5]);
  const [start, setStart] = useState('08:00');
  const [end, setEnd] = useState('17:00');
  const [error, setError] = useState('');
  const add = useBookingChange((body: unknown) => {
    const parsed = staffCreate.safeParse(body);
    if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'Check the form');
    return bookingCalls.createStaff(workspaceId, parsed.data);
  });
  const submit = () => {
    setError('');
    const hours = Object.fromEntries(days.map((d) => [String(d), [{ start, end }]]));
    add.mutate(
      { name, hours },
      { onSuccess: () => setName(''), onError: (e) => setError(e instanceof Error ? serverMessage(e) || e.message : String(e)) },
    );
  };
  return (
    <section aria-labelledby="staff-title">
      <h2 id="staff-title" className={w.sectionTitle}>
        Staff and working hours
      </h2>
      {staff.length === 0 ? (
        <p className={w.muted}>Add the people who perform your services, with the hours they work.</p>
      ) : (
        <ul className={w.list} aria-label="Staff">
          {staff.map((s) => (
            <li key={s.id} className={w.listItem}>
              <div className={w.itemMain}>
                <p className={w.itemName}>{s.name}</p>
                <p className={w.muted}>{hoursText(s)}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <form
        className={w.stack}
        aria-label="Add a staff member"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextField label="Staff member's name" value={name} onChange={setName} />
        <div className={w.row} role="group" aria-label="Working days">
          {weekdays.map((label, i) => (
            <CheckboxField
              key={label}
              isSelected={days.includes(i)}
              onChange={(on) => setDays((d) => (on ? [...d, i].sort() : d.filter((x) => x !== i)))}
            >
              {label}
            </CheckboxField>
          ))}
        </div>
        <div className={w.row}>
          <TextField label="Starts at" value={start} onChange={setStart} placeholder="08:00" />
          <TextField label="Ends at" value={end} onChange={setEnd} placeholder="17:00" />
        </div>
        {error ? <p className={w.fieldError}>{error}</p> : null}
        <div className={w.formActions}>
          <Button type="submit" isPending={add.isPending}>
            Add staff member
          </Button>
        </div>
      </form>
    </section>
  );
}

function ServiceSection({ workspaceId, services, staff }: { workspaceId: number; services: ServiceDto[]; staff: StaffDto[] }) {
  const [title, setTitle] = useState('');
  const [price, setPrice] = useState('');
  const [duration, setDuration] = useState('60');
  const [category, setCategory] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState('');
  const save = useBookingChange((body: unknown) => {
    const parsed = serviceCreate.safeParse(body);
    if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'Check the form');
    return bookingCalls.createService(workspaceId, parsed.data);
  });
  const toggle = useBookingChange((s: ServiceDto) =>
    bookingCalls.updateService(workspaceId, s.id, { status: s.status === 'active' ? 'inactive' : 'active' }),
  );
  const submit = () => {
    setError('');
    const cents = parseCents(price, 'Price');
    if (!cents.ok) return setError(cents.message);
    save.mutate(
      { title, price_cents: cents.cents ?? 0, duration_minutes: Number(duration), category, staff_ids: chosen.length > 0 ? chosen : [] },
      {
        onSuccess: () => {
          setTitle('');
          setPrice('');
        },
        onError: (e) => setError(serverMessage(e) || (e instanceof Error ? e.message : String(e))),
      },
    );
  };
  return (
    <section aria-labelledby="service-list-title">
      <h2 id="service-list-title" className={w.sectionTitle}>
        Services
      </h2>
      {services.length === 0 ? (
        <EmptyState title="No services yet">
          <p className={w.muted}>Add a service with its price and duration; customers book it on the marketplace.</p>
        </EmptyState>
      ) : (
        <ul className={w.list} aria-label="Your services">
          {services.map((s) => (
            <li key={s.id} className={w.listItem}>
              <div className={w.itemMain}>
                <p className={w.itemName}>{s.title}</p>
                <p className={w.muted}>
                  {formatCents(s.price_cents, s.currency)} · {s.duration_minutes} min
                  {s.category ? ` · ${s.category}` : ''} ·{' '}
                  {staff
                    .filter((x) => s.staff_ids.includes(x.id))
                    .map((x) => x.name)
                    .join(', ')}
                </p>
              </div>
              <span className={s.status === 'active' ? w.badge.accent : w.badge.neutral}>
                {s.status === 'active' ? 'Active' : 'Inactive'}
              </span>
              <Button variant="secondary" onPress={() => toggle.mutate(s)}>
                {s.status === 'active' ? 'Pause bookings' : 'Take bookings'}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        className={w.stack}
        aria-label="Add a service"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextField label="Service title" value={title} onChange={setTitle} />
        <div className={w.row}>
          <TextField label="Price (R)" value={price} onChange={setPrice} placeholder="150.00" />
          <TextField label="Duration (minutes)" value={duration} onChange={setDuration} />
          <TextField label="Category" value={category} onChange={setCategory} />
        </div>
        <div className={w.row} role="group" aria-label="Who can perform it">
          {staff.map((s) => (
            <CheckboxField
              key={s.id}
              isSelected={chosen.includes(s.id)}
              onChange={(on) => setChosen((c) => (on ? [...c, s.id] : c.filter((x) => x !== s.id)))}
            >
              {s.name}
            </CheckboxField>
          ))}
        </div>
        {error ? <p className={w.fieldError}>{error}</p> : null}
        <div className={w.formActions}>
          <Button type="submit" isPending={save.isPending}>
            Add service
          </Button>
        </div>
      </form>
    </section>
  );
}
