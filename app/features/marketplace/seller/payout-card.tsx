import { useQuery, useQueryClient } from '@tanstack/react-query';
import { marketplaceContract as c } from '../../../../schema/marketplace/contract';
import { payoutInput } from '../../../../schema/marketplace/marketplace-orders';
import { call } from '../../../data/api';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { LoadError } from '../../../ui/feedback';
import { FormFailure } from '../../../ui/form-actions';
import * as p from '../../../ui/page.css';
import { Spinner } from '../../../ui/spinner';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast-store';
import { useZodForm } from '../../../kit/forms/use-zod-form';
import { serverMessage } from '../../../kit/workspace-queries';

const payoutKey = (workspaceId: number) => ['storefront-payout', workspaceId] as const;

/**
 * The bank account the card partner pays this seller's share of each marketplace sale into (a
 * Paystack subaccount). Without one, the share is settled to the platform's account. Owners and
 * admins only.
 */
export function PayoutCard({ workspaceId }: { workspaceId: number }) {
  const queryClient = useQueryClient();
  const payout = useQuery({ queryKey: payoutKey(workspaceId), queryFn: () => call(c.payout, { params: { id: workspaceId } }) });
  const form = useZodForm(payoutInput, { business_name: '', settlement_bank: '', account_number: '' });
  const submit = form.handleSubmit(async (body) => {
    const saved = await call(c.savePayout, { params: { id: workspaceId }, body });
    queryClient.setQueryData(payoutKey(workspaceId), saved);
    form.reset();
    toast({ title: 'Payout account saved', variant: 'success' });
  });
  return (
    <Card aria-labelledby="payout-title">
      <h2 className={p.sectionTitle} id="payout-title">
        Payout account
      </h2>
      {payout.isPending ? (
        <Spinner label="Loading the payout account" />
      ) : payout.isError ? (
        <LoadError title="Could not load the payout account" message={serverMessage(payout.error)} onRetry={() => void payout.refetch()} />
      ) : (
        <form className={p.stack} onSubmit={submit} noValidate>
          <p className={p.muted}>
            {payout.data.subaccount_code
              ? `Card payments for your orders are paid into your payout account (${payout.data.subaccount_code}). Enter new details to change it.`
              : 'Add the bank account your share of each card payment is paid into.'}
          </p>
          <TextField label="Account holder or business name" {...form.field('business_name')} />
          <div className={p.twoColumns}>
            <TextField label="Bank code" {...form.field('settlement_bank')} description="Your bank's branch code, e.g. 632005" />
            <TextField label="Account number" {...form.field('account_number')} inputMode="numeric" />
          </div>
          <FormFailure lead="Not saved" message={form.failure} />
          <div>
            <Button type="submit" variant="secondary" isPending={form.submitting}>
              Save payout account
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
