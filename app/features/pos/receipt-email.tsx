import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { map } from 'rxjs';
import { z } from 'zod';
import { invoicesContract } from '../../../schema/invoices/contract';
import { sendRequest } from '../../../schema/invoices/invoices';
import type { PosOrder } from '../../../schema/pos/pos';
import { call } from '../../data/api';
import type { UserData } from '../../data/db';
import { useLiveQuery } from '../../data/use-live-query';
import { Button } from '../../ui/button';
import { ModalDialog } from '../../ui/modal-dialog';
import { TextField } from '../../ui/text-field';
import { toast } from '../../ui/toast-store';
import * as s from '../../ui/page.css';
import { failureMessage, useZodForm } from '../../kit/forms/use-zod-form';
import { statusWords } from '../invoices';
import { requestReceiptEmail } from './till';

const emailForm = z.object({ to: sendRequest.shape.to });

/** The sale's e-mail request as the device holds it now, live. */
function useReceiptEmail(data: UserData, orderId: string): PosOrder['receipt_email'] {
  return (
    useLiveQuery(() => data.db.pos_orders.findOne(orderId).$.pipe(map((doc) => doc?.toMutableJSON().receipt_email)), [data, orderId])
      .data ?? undefined
  );
}

/** "E-mail receipt": asks for an address (the customer's, when the sale names one) and records the request. */
export function EmailReceiptButton({ data, order, email }: { data: UserData; order: PosOrder; email?: string }) {
  const [open, setOpen] = useState(false);
  const form = useZodForm(emailForm, { to: email ?? '' });
  const submit = form.handleSubmit(async ({ to }) => {
    try {
      await requestReceiptEmail(data, order.id, to);
      setOpen(false);
      toast({
        title: 'Receipt e-mail queued',
        description: navigator.onLine ? undefined : 'It goes out as soon as this device is online.',
        variant: 'success',
      });
    } catch (err) {
      toast({ title: 'Could not e-mail the receipt', description: failureMessage(err), variant: 'destructive' });
    }
  });
  return (
    <>
      <Button variant="secondary" onPress={() => (form.set('to', form.values.to || (email ?? '')), setOpen(true))}>
        E-mail receipt
      </Button>
      <ModalDialog title="E-mail the receipt" isOpen={open} onOpenChange={setOpen}>
        <form className={s.dialogBody} noValidate onSubmit={submit} aria-label="E-mail the receipt">
          <p className={s.muted}>The customer gets the receipt’s lines and totals, with its link.</p>
          <TextField label="Send to" type="email" {...form.field('to')} autoFocus />
          <div className={s.formActions}>
            <Button variant="secondary" onPress={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit">Send receipt</Button>
          </div>
        </form>
      </ModalDialog>
    </>
  );
}

/** Where the receipt's e-mail is: queued (until synced), sent, or failed with why. */
export function ReceiptEmailStatus({ data, workspaceId, orderId }: { data: UserData; workspaceId: number; orderId: string }) {
  const request = useReceiptEmail(data, orderId);
  const outreach = useQuery({
    queryKey: ['receipt-email', workspaceId, orderId, request?.id],
    queryFn: () => call(invoicesContract.outreach, { params: { id: workspaceId, documentId: orderId } }),
    enabled: request !== undefined,
    networkMode: 'online',
    refetchInterval: (q) => {
      const last = q.state.data?.deliveries.find((d) => d.id === request?.id);
      return !last || last.status === 'queued' || last.status === 'sending' ? 3000 : false;
    },
  });
  if (!request) return null;
  const delivery = outreach.data?.deliveries.find((d) => d.id === request.id);
  const status = delivery?.status ?? 'queued';
  return (
    <p className={s.muted} role="status" data-testid="receipt-email-status">
      Receipt e-mail to {request.to} {statusWords[status]}
      {status === 'failed' && delivery?.error ? `: ${delivery.error}` : ''}
      {!delivery ? ' (goes out once this device has synced)' : ''}.
    </p>
  );
}
