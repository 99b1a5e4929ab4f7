import { useState } from 'react';
import type { AvailabilityRules } from '../../../schema/bookings/booking-slots';
import { availabilityRules, ruleOverrides, type RuleOverrides, type ServiceDto } from '../../../schema/bookings/bookings';
import { Button } from '../../ui/button';
import { LoadError, Notice } from '../../ui/feedback';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import * as w from '../../ui/page.css';
import { serverMessage } from '../../kit/workspace-queries';
import { bookingCalls, useBookingChange, useRules } from './use-bookings';

type RuleKey = keyof AvailabilityRules;

/** Each rule's field: its label and what it means, in the owner's words. */
const fields: ReadonlyArray<{ key: RuleKey & string; label: string; hint: string; optional?: boolean }> = [
  { key: 'buffer_before_minutes', label: 'Buffer before (minutes)', hint: 'Kept free before each appointment' },
  { key: 'buffer_after_minutes', label: 'Buffer after (minutes)', hint: 'Kept free after each appointment, to clean up or travel' },
  { key: 'min_notice_minutes', label: 'Minimum notice (minutes)', hint: 'How soon before a time customers can still book it' },
  { key: 'horizon_days', label: 'Book up to (days ahead)', hint: 'How far ahead customers can book' },
  { key: 'slot_step_minutes', label: 'Start times every (minutes)', hint: 'The step between the times customers can choose' },
  { key: 'daily_limit', label: 'Most appointments a day, per staff member', hint: 'Leave empty for no limit', optional: true },
  { key: 'cancel_cutoff_hours', label: 'Cancel or move online until (hours before)', hint: 'After this, customers contact you' },
];

const asText = (rules: AvailabilityRules) =>
  Object.fromEntries(fields.map((f) => [f.key, rules[f.key] === null ? '' : String(rules[f.key])])) as Record<RuleKey, string>;

/**
 * The workspace's booking rules (as booking tools have them): buffers, notice, horizon, slot step,
 * a daily limit per staff member and the cancellation cut-off. A service may override any of them.
 */
export function BookingRulesSection({ workspaceId }: { workspaceId: number }) {
  const rules = useRules(workspaceId);
  return (
    <section aria-labelledby="rules-title" className={w.stack}>
      <h2 id="rules-title" className={w.sectionTitle}>
        Booking rules
      </h2>
      {rules.isPending ? (
        <Spinner label="Loading the booking rules" />
      ) : rules.isError || !rules.data ? (
        <LoadError
          title="The booking rules could not be loaded"
          message={serverMessage(rules.error)}
          onRetry={() => void rules.refetch()}
        />
      ) : (
        <RulesForm workspaceId={workspaceId} rules={rules.data.rules} timezone={rules.data.timezone} />
      )}
    </section>
  );
}

function RulesForm({ workspaceId, rules, timezone }: { workspaceId: number; rules: AvailabilityRules; timezone: string }) {
  const [values, setValues] = useState(() => asText(rules));
  const [errors, setErrors] = useState<Partial<Record<RuleKey, string>>>({});
  const [failure, setFailure] = useState('');
  const [saved, setSaved] = useState(false);
  const save = useBookingChange((body: AvailabilityRules) => bookingCalls.putRules(workspaceId, body));
  return (
    <form
      className={w.stack}
      aria-label="Booking rules"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setFailure('');
        setSaved(false);
        const { value, problems } = parseRules(values, 'none');
        const parsed = availabilityRules.safeParse(value);
        if (!parsed.success) Object.assign(problems, issueMessages(parsed.error.issues, problems));
        setErrors(problems);
        if (Object.keys(problems).length > 0 || !parsed.success) return;
        save.mutate(parsed.data, { onSuccess: () => setSaved(true), onError: (err) => setFailure(serverMessage(err)) });
      }}
    >
      <p className={w.muted}>Times are in the business's time zone ({timezone}).</p>
      <RuleFields values={values} onChange={setValues} errors={errors} />
      {failure ? (
        <Notice tone="error" title="Not saved">
          {failure}
        </Notice>
      ) : null}
      {saved ? <Notice title="Booking rules saved">New bookings follow them from now on.</Notice> : null}
      <div className={w.formActions}>
        <Button type="submit" isPending={save.isPending}>
          Save rules
        </Button>
      </div>
    </form>
  );
}

/**
 * The rules as typed, as numbers: a blank field is `null` (no daily limit) for the workspace's own
 * rules, or left out (the workspace's rule applies) for a service's; anything else must be a whole number.
 */
function parseRules(values: Record<RuleKey, string>, blank: 'none' | 'inherit') {
  const problems: Partial<Record<RuleKey, string>> = {};
  const value: Record<string, number | null> = {};
  for (const f of fields) {
    const raw = values[f.key].trim();
    if (raw === '' && blank === 'inherit') continue;
    if (raw === '' && f.optional) value[f.key] = null;
    else if (/^\d+$/.test(raw)) value[f.key] = Number(raw);
    else problems[f.key] = 'Enter a whole number';
  }
  return { value, problems };
}

/** zod's messages per rule, in words a person reads; a rule already refused keeps its first message. */
function issueMessages(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>, have: Partial<Record<RuleKey, string>>) {
  const out: Partial<Record<RuleKey, string>> = {};
  for (const issue of issues) {
    const key = String(issue.path[0]) as RuleKey;
    if (!have[key] && !out[key]) out[key] = issue.message.startsWith('Too') ? rangeMessage(issue.message) : issue.message;
  }
  return out;
}

/** One field per rule; `inherited` shows, in an empty field, what applies when it is left empty. */
function RuleFields(props: {
  values: Record<RuleKey, string>;
  onChange: (next: Record<RuleKey, string>) => void;
  errors: Partial<Record<RuleKey, string>>;
  inherited?: AvailabilityRules;
}) {
  return (
    <div className={w.twoColumns}>
      {fields.map((f) => (
        <TextField
          key={f.key}
          label={f.label}
          description={props.inherited ? `Empty: the business's rule (${ruleText(f.key, props.inherited)})` : f.hint}
          inputMode="numeric"
          value={props.values[f.key]}
          placeholder={props.inherited ? ruleText(f.key, props.inherited) : undefined}
          onChange={(v) => props.onChange({ ...props.values, [f.key]: v })}
          error={props.errors[f.key]}
        />
      ))}
    </div>
  );
}

const ruleText = (key: RuleKey, rules: AvailabilityRules) => (rules[key] === null ? 'no limit' : String(rules[key]));

/**
 * A service's own booking rules (a long colour treatment needs more notice, a consultation a longer
 * buffer): each rule left empty follows the business's.
 */
export function ServiceRulesForm(props: { workspaceId: number; service: ServiceDto; onDone: () => void }) {
  const workspace = useRules(props.workspaceId);
  const own = props.service.availability;
  const [values, setValues] = useState(
    () =>
      Object.fromEntries(fields.map((f) => [f.key, own[f.key] === undefined || own[f.key] === null ? '' : String(own[f.key])])) as Record<
        RuleKey,
        string
      >,
  );
  const [errors, setErrors] = useState<Partial<Record<RuleKey, string>>>({});
  const [failure, setFailure] = useState('');
  const save = useBookingChange((availability: RuleOverrides) =>
    bookingCalls.updateService(props.workspaceId, props.service.id, { availability }),
  );
  if (workspace.isPending) return <Spinner label="Loading the booking rules" />;
  return (
    <form
      className={w.stack}
      aria-label={`Booking rules for ${props.service.title}`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setFailure('');
        const { value, problems } = parseRules(values, 'inherit');
        const parsed = ruleOverrides.safeParse(value);
        if (!parsed.success) Object.assign(problems, issueMessages(parsed.error.issues, problems));
        setErrors(problems);
        if (Object.keys(problems).length > 0 || !parsed.success) return;
        save.mutate(parsed.data, { onSuccess: props.onDone, onError: (err) => setFailure(serverMessage(err)) });
      }}
    >
      <RuleFields values={values} onChange={setValues} errors={errors} inherited={workspace.data?.rules} />
      {failure ? (
        <Notice tone="error" title="Not saved">
          {failure}
        </Notice>
      ) : null}
      <div className={w.formActions}>
        <Button variant="secondary" onPress={props.onDone}>
          Cancel
        </Button>
        <Button type="submit" isPending={save.isPending}>
          Save rules for this service
        </Button>
      </div>
    </form>
  );
}

/** zod's "Too big: expected number to be <=720" in words a person reads. */
function rangeMessage(message: string): string {
  const bound = /([<>]=?)\s*(\d+)/.exec(message);
  if (!bound) return 'That number is out of range';
  return bound[1].startsWith('<') ? `At most ${bound[2]}` : `At least ${bound[2]}`;
}
