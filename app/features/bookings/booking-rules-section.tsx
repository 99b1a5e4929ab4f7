import { useState } from 'react';
import type { AvailabilityRules } from '../../../schema/booking-slots';
import { availabilityRules } from '../../../schema/bookings';
import { Button } from '../../ui/button';
import { LoadError, Notice } from '../../ui/feedback';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import * as w from '../../ui/page.css';
import { serverMessage } from '../workspaces/workspace-queries';
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
        const problems: Partial<Record<RuleKey, string>> = {};
        const numbers = Object.fromEntries(
          fields.map((f) => {
            const raw = values[f.key].trim();
            if (raw === '' && f.optional) return [f.key, null];
            if (!/^\d+$/.test(raw)) problems[f.key] = 'Enter a whole number';
            return [f.key, Number(raw)];
          }),
        );
        const parsed = availabilityRules.safeParse(numbers);
        if (!parsed.success) {
          for (const issue of parsed.error.issues) {
            const key = String(issue.path[0]) as RuleKey;
            problems[key] ??= issue.message.startsWith('Too') ? rangeMessage(issue.message) : issue.message;
          }
        }
        setErrors(problems);
        if (Object.keys(problems).length > 0 || !parsed.success) return;
        save.mutate(parsed.data, { onSuccess: () => setSaved(true), onError: (err) => setFailure(serverMessage(err)) });
      }}
    >
      <p className={w.muted}>Times are in the business's time zone ({timezone}).</p>
      <div className={w.twoColumns}>
        {fields.map((f) => (
          <TextField
            key={f.key}
            label={f.label}
            description={f.hint}
            inputMode="numeric"
            value={values[f.key]}
            onChange={(v) => setValues((old) => ({ ...old, [f.key]: v }))}
            error={errors[f.key]}
          />
        ))}
      </div>
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

/** zod's "Too big: expected number to be <=720" in words a person reads. */
function rangeMessage(message: string): string {
  const bound = /([<>]=?)\s*(\d+)/.exec(message);
  if (!bound) return 'That number is out of range';
  return bound[1].startsWith('<') ? `At most ${bound[2]}` : `At least ${bound[2]}`;
}
