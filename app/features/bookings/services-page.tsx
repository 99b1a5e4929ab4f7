import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import {
  bookingMessages,
  serviceCreate,
  servicePatch,
  staffCreate,
  type ServiceDto,
  type StaffDto,
} from '../../../schema/bookings/bookings';
import { formatCents, parseCents } from '../../../schema/kit/money';
import { LinkButton } from '../../routes/link-button';
import { Button } from '../../ui/button';
import { EmptyState, LoadError } from '../../ui/feedback';
import { CheckboxField, SwitchField } from '../../ui/form-controls';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import * as w from '../../ui/page.css';
import { serverMessage } from '../../kit/workspace-queries';
import { BookingRulesSection, ServiceRulesForm } from './booking-rules-section';
import { addIsoDays, bookingCalls, dayIn, instantIn, useBookingChange, useRules, useServices, useStaff } from './use-bookings';

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
  const rules = useRules(workspaceId);
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
          <StaffSection workspaceId={workspaceId} staff={staff.data.staff} zone={rules.data?.timezone} />
          <ServiceSection workspaceId={workspaceId} services={services.data.services} staff={staff.data.staff} />
          <BookingRulesSection workspaceId={workspaceId} />
        </div>
      )}
    </section>
  );
}

function StaffSection({ workspaceId, staff, zone }: { workspaceId: number; staff: StaffDto[]; zone: string | undefined }) {
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
                <TimeOffList workspaceId={workspaceId} staff={s} zone={zone} />
                {zone ? <TimeOffForm workspaceId={workspaceId} staff={s} zone={zone} /> : null}
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

/** What the add and edit forms of a service share: its title, price, duration, category and who performs it. */
interface ServiceDraft {
  title: string;
  price: string;
  duration: string;
  category: string;
  staffIds: string[];
  /** Paid by card when booking online; blank for none. */
  deposit: string;
}

function draftOf(s: ServiceDto | undefined): ServiceDraft {
  return s
    ? {
        title: s.title,
        price: (s.price_cents / 100).toFixed(2),
        duration: String(s.duration_minutes),
        category: s.category,
        staffIds: s.staff_ids,
        deposit: s.deposit_cents > 0 ? (s.deposit_cents / 100).toFixed(2) : '',
      }
    : { title: '', price: '', duration: '60', category: '', staffIds: [], deposit: '' };
}

/** The draft as the API takes it, or the price's message when it is not an amount. */
function draftBody(d: ServiceDraft): { ok: true; body: Record<string, unknown> } | { ok: false; message: string } {
  const cents = parseCents(d.price, 'Price');
  if (!cents.ok) return { ok: false, message: cents.message };
  const deposit = parseCents(d.deposit, 'Deposit');
  if (!deposit.ok) return { ok: false, message: deposit.message };
  return {
    ok: true,
    body: {
      title: d.title,
      price_cents: cents.cents ?? 0,
      duration_minutes: Number(d.duration),
      category: d.category,
      staff_ids: d.staffIds,
      deposit_cents: deposit.cents ?? 0,
    },
  };
}

function ServiceFields(props: { draft: ServiceDraft; onChange: (d: ServiceDraft) => void; staff: StaffDto[] }) {
  const { draft, onChange } = props;
  const set = (patch: Partial<ServiceDraft>) => onChange({ ...draft, ...patch });
  return (
    <>
      <TextField label="Service title" value={draft.title} onChange={(title) => set({ title })} />
      <div className={w.row}>
        <TextField label="Price (R)" value={draft.price} onChange={(price) => set({ price })} placeholder="150.00" />
        <TextField label="Duration (minutes)" value={draft.duration} onChange={(duration) => set({ duration })} />
        <TextField label="Category" value={draft.category} onChange={(category) => set({ category })} />
        <TextField
          label="Deposit (R)"
          value={draft.deposit}
          onChange={(deposit) => set({ deposit })}
          placeholder="None"
          description="Paid by card when booked online"
        />
      </div>
      <div className={w.row} role="group" aria-label="Who can perform it">
        {props.staff.map((x) => (
          <CheckboxField
            key={x.id}
            isSelected={draft.staffIds.includes(x.id)}
            onChange={(on) => set({ staffIds: on ? [...draft.staffIds, x.id] : draft.staffIds.filter((y) => y !== x.id) })}
          >
            {x.name}
          </CheckboxField>
        ))}
      </div>
    </>
  );
}

function ServiceSection({ workspaceId, services, staff }: { workspaceId: number; services: ServiceDto[]; staff: StaffDto[] }) {
  const [draft, setDraft] = useState(draftOf(undefined));
  const [error, setError] = useState('');
  const [editing, setEditing] = useState('');
  const [tuning, setTuning] = useState('');
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
    const parsed = draftBody(draft);
    if (!parsed.ok) return setError(parsed.message);
    save.mutate(parsed.body, {
      onSuccess: () => setDraft({ ...draft, title: '', price: '' }),
      onError: (e) => setError(serverMessage(e) || (e instanceof Error ? e.message : String(e))),
    });
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
                  {s.category ? ` · ${s.category}` : ''}
                  {s.deposit_cents > 0 ? ` · deposit ${formatCents(s.deposit_cents, s.currency)}` : ''}
                  {Object.keys(s.availability).length > 0 ? ' · own booking rules' : ''} ·{' '}
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
              <Button variant="secondary" onPress={() => setEditing(editing === s.id ? '' : s.id)} aria-expanded={editing === s.id}>
                Edit
              </Button>
              <Button variant="secondary" onPress={() => setTuning(tuning === s.id ? '' : s.id)} aria-expanded={tuning === s.id}>
                Booking rules
              </Button>
              {editing === s.id ? <EditService workspaceId={workspaceId} service={s} staff={staff} onDone={() => setEditing('')} /> : null}
              {tuning === s.id ? <ServiceRulesForm workspaceId={workspaceId} service={s} onDone={() => setTuning('')} /> : null}
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
        <ServiceFields draft={draft} onChange={setDraft} staff={staff} />
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

/** A staff member's time off still to come, in the business's zone, each with a way to take it back. */
function TimeOffList({ workspaceId, staff, zone }: { workspaceId: number; staff: StaffDto; zone: string | undefined }) {
  const [failure, setFailure] = useState('');
  const remove = useBookingChange((timeOffId: string) => bookingCalls.removeTimeOff(workspaceId, staff.id, timeOffId));
  const upcoming = staff.time_off.filter((t) => Date.parse(t.end_at) > Date.now());
  if (upcoming.length === 0) return null;
  return (
    <>
      <ul className={w.list} aria-label={`${staff.name}'s time off`}>
        {upcoming.map((t) => {
          const first = dayIn(t.start_at, zone);
          const last = dayIn(new Date(Date.parse(t.end_at) - 1).toISOString(), zone);
          const when = first === last ? first : `${first} – ${last}`;
          return (
            <li key={t.id} className={w.row}>
              <span className={w.muted}>
                Off {when}
                {t.reason ? `: ${t.reason}` : ''}
              </span>
              <Button
                variant="secondary"
                aria-label={`Remove time off ${when}`}
                isPending={remove.isPending && remove.variables === t.id}
                onPress={() => {
                  setFailure('');
                  remove.mutate(t.id, { onError: (err) => setFailure(serverMessage(err)) });
                }}
              >
                Remove
              </Button>
            </li>
          );
        })}
      </ul>
      {failure ? <p className={w.fieldError}>{failure}</p> : null}
    </>
  );
}

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** Whole days off (leave, a funeral, a course): from the first day to the last, in the business's zone. */
function TimeOffForm({ workspaceId, staff, zone }: { workspaceId: number; staff: StaffDto; zone: string }) {
  const [open, setOpen] = useState(false);
  const [from, setFrom] = useState('');
  const [until, setUntil] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ from?: string; until?: string; form?: string }>({});
  const add = useBookingChange((body: { start_at: string; end_at: string; reason: string }) =>
    bookingCalls.addTimeOff(workspaceId, staff.id, body),
  );
  if (!open) {
    return (
      <div>
        <Button variant="secondary" onPress={() => setOpen(true)}>
          Add time off
        </Button>
      </div>
    );
  }
  return (
    <form
      className={w.stack}
      aria-label={`Time off for ${staff.name}`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const problems: typeof errors = {};
        if (!isoDay.test(from)) problems.from = 'Write the day as YYYY-MM-DD';
        if (!isoDay.test(until || from)) problems.until = 'Write the day as YYYY-MM-DD';
        else if ((until || from) < from) problems.until = bookingMessages.timeOffOrder;
        setErrors(problems);
        if (Object.keys(problems).length > 0) return;
        const body = { start_at: instantIn(from, '00:00', zone), end_at: instantIn(addIsoDays(until || from, 1), '00:00', zone), reason };
        add.mutate(body, {
          onSuccess: () => {
            setOpen(false);
            setFrom('');
            setUntil('');
            setReason('');
          },
          onError: (err) => setErrors({ form: serverMessage(err) }),
        });
      }}
    >
      <div className={w.row}>
        <TextField label="First day off" value={from} onChange={setFrom} placeholder="2026-12-24" error={errors.from} />
        <TextField label="Last day off" value={until} onChange={setUntil} placeholder="2026-12-26" error={errors.until} />
        <TextField label="Reason (optional)" value={reason} onChange={setReason} />
      </div>
      {errors.form ? <p className={w.fieldError}>{errors.form}</p> : null}
      <div className={w.formActions}>
        <Button variant="secondary" onPress={() => setOpen(false)}>
          Cancel
        </Button>
        <Button type="submit" isPending={add.isPending}>
          Save time off
        </Button>
      </div>
    </form>
  );
}

/** Changes a service: its title, price, duration, category, who performs it and whether it is on the marketplace. */
function EditService(props: { workspaceId: number; service: ServiceDto; staff: StaffDto[]; onDone: () => void }) {
  const s = props.service;
  const [draft, setDraft] = useState(draftOf(s));
  const [isPublic, setPublic] = useState(s.is_public);
  const [error, setError] = useState('');
  const save = useBookingChange((body: unknown) => {
    const parsed = servicePatch.safeParse(body);
    if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'Check the form');
    return bookingCalls.updateService(props.workspaceId, s.id, parsed.data);
  });
  return (
    <form
      className={w.stack}
      aria-label={`Edit ${s.title}`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setError('');
        const parsed = draftBody(draft);
        if (!parsed.ok) return setError(parsed.message);
        save.mutate(
          { ...parsed.body, is_public: isPublic },
          { onSuccess: props.onDone, onError: (err) => setError(serverMessage(err) || (err instanceof Error ? err.message : String(err))) },
        );
      }}
    >
      <ServiceFields draft={draft} onChange={setDraft} staff={props.staff} />
      <SwitchField isSelected={isPublic} onChange={setPublic}>
        Customers can book it online
      </SwitchField>
      {error ? <p className={w.fieldError}>{error}</p> : null}
      <div className={w.formActions}>
        <Button variant="secondary" onPress={props.onDone}>
          Cancel
        </Button>
        <Button type="submit" isPending={save.isPending}>
          Save changes
        </Button>
      </div>
    </form>
  );
}
