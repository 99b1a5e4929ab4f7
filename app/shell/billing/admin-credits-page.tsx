import { useState } from 'react';
import type { z } from 'zod';
import { creditAdjustment, keptCreditsText, type creditAdjusted } from '../../../schema/billing/billing';
import { billingContract as c } from '../../../schema/billing/contract';
import { call } from '../../data/api';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/feedback';
import { TextField } from '../../ui/text-field';
import * as w from '../../ui/page.css';
import { useZodForm } from '../../kit/forms/use-zod-form';
import { AdminPage } from '../workspaces/admin-page';

/** The amount as typed: a whole number with an optional sign, else left for the schema to refuse. */
function amountOf(typed: string): number | string {
  const t = typed.trim().replace(/^\+/, '');
  return /^-?\d+$/.test(t) ? Number(t) : typed;
}

/**
 * /controlhub/credits: an admin adds AI credits (counted as bought) to an account or takes them away, with a
 * reason the account sees in its credit history. The plan's monthly credits are not touched.
 */
export function AdminCreditsPage() {
  return (
    <AdminPage titleId="credits-title" title="Adjust AI credits" denied="Only Vuka admins can adjust credits.">
      <AdjustCreditsForm />
    </AdminPage>
  );
}

function AdjustCreditsForm() {
  const [done, setDone] = useState<(z.infer<typeof creditAdjusted> & { amount: number }) | null>(null);
  const form = useZodForm(
    creditAdjustment,
    { email: '', amount: '', reason: '' },
    { toInput: (v) => ({ ...v, amount: amountOf(v.amount) }) },
  );
  const submit = form.handleSubmit(async (body) => {
    setDone(null);
    const out = await call(c.adjustCredits, { body });
    setDone({ ...out, amount: body.amount });
    form.set('amount', '');
    form.set('reason', '');
  });
  return (
    <form className={w.stack} aria-label="Adjust AI credits" noValidate onSubmit={submit}>
      <p className={w.muted}>
        Adds credits to an account, counted as bought, or takes them away with a minus sign, welcome credits first. The account sees the
        reason in its credit history. The plan’s monthly credits are not changed.
      </p>
      <TextField label="Account e-mail" type="email" autoComplete="off" {...form.field('email')} />
      <div className={w.row}>
        <TextField label="Credits" inputMode="numeric" placeholder="25 or -25" {...form.field('amount')} />
        <TextField label="Reason" placeholder="Goodwill for a failed upload" {...form.field('reason')} />
      </div>
      {form.failure ? <p className={w.fieldError}>{form.failure}</p> : null}
      <div className={w.formActions}>
        <Button type="submit" isPending={form.submitting}>
          Adjust credits
        </Button>
      </div>
      {done ? (
        <Notice tone="info" title="Credits adjusted">
          <p className={w.muted} data-testid="credits-adjusted">
            {done.amount > 0 ? `Added ${done.amount}` : `Took away ${-done.amount}`} {Math.abs(done.amount) === 1 ? 'credit' : 'credits'}:{' '}
            {done.full_name} ({done.email}) now has {keptCreditsText({ welcome: done.welcome_credits, bought: done.bought_credits })}.
          </p>
        </Notice>
      ) : null}
    </form>
  );
}
