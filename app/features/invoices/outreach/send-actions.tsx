import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { invoicesContract, type DeliveryDto } from '../../../../schema/invoices/contract';
import { statusWords } from './status-words';
import { sendRequest, type Invoice, type Quote } from '../../../../schema/invoices/invoices';
import { formatCents } from '../../../../schema/kit/money';
import { call } from '../../../data/api';
import type { UserData } from '../../../data/db';
import { Button } from '../../../ui/button';
import { ButtonAnchor } from '../../../ui/button-anchor';
import { Notice } from '../../../ui/feedback';
import { ModalDialog } from '../../../ui/modal-dialog';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast-store';
import * as w from '../../../ui/page.css';
import { failureMessage, useZodForm } from '../../../kit/forms/use-zod-form';
import { changeInvoice, changeQuote } from '../document-actions';
import { documentNumber, type LoadedDocument } from '../use-documents';

const sendForm = z.object({ to: sendRequest.shape.to });

/** Records "send this by e-mail" on the document; it syncs and the server mails it once (offline too). */
async function requestSend(data: UserData, loaded: LoadedDocument, to: string) {
  const request = { id: crypto.randomUUID(), to, at: new Date().toISOString() };
  if (loaded.kind === 'invoice') {
    await changeInvoice(data, loaded.doc.id, (old): Partial<Invoice> => ({
      send_request: request,
      ...(old.status === 'draft' ? { status: 'sent' } : {}),
    }));
  } else {
    await changeQuote(data, loaded.doc.id, (old): Partial<Quote> => ({
      send_request: request,
      ...(old.status === 'draft' ? { status: 'sent' } : {}),
    }));
  }
}

export function SendActions({ data, loaded, workspaceId }: { data: UserData; loaded: LoadedDocument; workspaceId: number }) {
  const [open, setOpen] = useState(false);
  const doc = loaded.doc;
  const numbered = documentNumber(loaded) !== undefined;
  const creditNote = loaded.kind === 'invoice' && loaded.doc.kind === 'credit_note';
  const noun = creditNote ? 'credit note' : loaded.kind;
  const closed = loaded.kind === 'invoice' ? doc.status === 'cancelled' : doc.status === 'declined';
  const form = useZodForm(
    useMemo(() => sendForm, []),
    { to: doc.customer_email ?? '' },
  );
  const submit = form.handleSubmit(async ({ to }) => {
    try {
      await requestSend(data, loaded, to);
      setOpen(false);
      toast({
        title: 'E-mail queued',
        description: navigator.onLine ? undefined : 'It goes out as soon as this device is online.',
        variant: 'success',
      });
    } catch (err) {
      toast({ title: 'Could not send', description: failureMessage(err), variant: 'destructive' });
    }
  });
  return (
    <>
      {!closed ? (
        <Button variant="secondary" isDisabled={!numbered} onPress={() => setOpen(true)}>
          Send
        </Button>
      ) : null}
      {loaded.kind === 'invoice' && loaded.doc.kind !== 'credit_note' && doc.status !== 'draft' ? (
        <ShareLink workspaceId={workspaceId} invoiceId={doc.id} />
      ) : null}
      <ModalDialog title={`Send ${noun} by e-mail`} isOpen={open} onOpenChange={setOpen}>
        <form className={w.dialogBody} noValidate onSubmit={submit} aria-label="Send by e-mail">
          <p className={w.muted}>
            The PDF goes as an attachment{loaded.kind === 'invoice' && !creditNote ? ', with a link to view and pay online' : ''}.
          </p>
          <TextField label="Send to" type="email" {...form.field('to')} autoFocus />
          <div className={w.formActions}>
            <Button variant="secondary" onPress={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit">Send</Button>
          </div>
        </form>
      </ModalDialog>
    </>
  );
}

/** The public page's link, fetched when asked for (online), with a WhatsApp button. */
function ShareLink({ workspaceId, invoiceId }: { workspaceId: number; invoiceId: string }) {
  const link = useMutation({
    mutationFn: () => call(invoicesContract.shareLink, { params: { id: workspaceId, documentId: invoiceId } }),
    onError: (err) => toast({ title: 'Could not make the link', description: failureMessage(err), variant: 'destructive' }),
  });
  if (!link.data) {
    return (
      <Button variant="secondary" isPending={link.isPending} onPress={() => link.mutate()}>
        Share link
      </Button>
    );
  }
  return (
    <>
      <ButtonAnchor
        variant="secondary"
        href={`https://wa.me/?text=${encodeURIComponent(link.data.url)}`}
        target="_blank"
        rel="noopener noreferrer"
      >
        WhatsApp
      </ButtonAnchor>
      <Button
        variant="ghost"
        onPress={() =>
          void navigator.clipboard.writeText(link.data.url).then(
            () => toast({ title: 'Link copied', variant: 'success' }),
            () => toast({ title: 'Copy the link', description: link.data.url }),
          )
        }
      >
        Copy link
      </Button>
    </>
  );
}

/** Where the document's e-mail is (queued, sent, failed with why) and whether the customer opened it. */
export function OutreachStatus({ data, loaded, workspaceId }: { data: UserData; loaded: LoadedDocument; workspaceId: number }) {
  const request = loaded.doc.send_request;
  const outreach = useQuery({
    queryKey: ['document-outreach', workspaceId, loaded.doc.id],
    queryFn: () => call(invoicesContract.outreach, { params: { id: workspaceId, documentId: loaded.doc.id } }),
    enabled: request !== undefined || loaded.kind === 'invoice',
    networkMode: 'online',
    refetchInterval: (q) => {
      const last = q.state.data?.deliveries.find((d) => d.id === request?.id);
      return request && (!last || last.status === 'queued' || last.status === 'sending') ? 3000 : false;
    },
  });
  const delivery = outreach.data?.deliveries.find((d) => d.id === request?.id);
  const credits = (outreach.data?.online_payments ?? []).filter((o) => o.credit_cents > 0);
  if (!request && !outreach.data?.viewed_at && credits.length === 0) return null;
  // Online, the first answer is on its way: saying "queued" meanwhile would be a guess.
  if (outreach.isPending && outreach.fetchStatus === 'fetching') return null;
  const status = delivery?.status ?? 'queued';
  return (
    <>
      {request && delivery?.status === 'refused' ? (
        <RefusedSend data={data} loaded={loaded} to={request.to} delivery={delivery} />
      ) : (
        <OutreachLine request={request} delivery={delivery} status={status} viewed={Boolean(outreach.data?.viewed_at)} />
      )}
      {credits.map((c) => (
        <p key={c.reference} className={w.muted} role="status" data-testid="online-credit">
          The customer paid {formatCents(c.credit_cents, loaded.doc.currency)} by card beyond the balance ({c.reference}): refund it or keep
          it as their credit.
        </p>
      ))}
    </>
  );
}

function OutreachLine({
  request,
  delivery,
  status,
  viewed,
}: {
  request: LoadedDocument['doc']['send_request'];
  delivery: DeliveryDto | undefined;
  status: DeliveryDto['status'];
  viewed: boolean;
}) {
  if (!request && !viewed) return null;
  return (
    <p className={w.muted} role="status" data-testid="outreach-status">
      {request ? (
        <>
          E-mail to {request.to} {statusWords[status]}
          {status === 'failed' && delivery?.error ? `: ${delivery.error}` : ''}
          {!delivery ? ' (goes out once this device has synced)' : ''}.
        </>
      ) : null}
      {viewed ? ' Viewed by the customer.' : ''}
    </p>
  );
}

/**
 * The server would not e-mail the document (the account is not verified, or the workspace has sent
 * its documents for today). The document is kept as it is; this says why, and offers the way on:
 * verifying the address, and sending again, which is a new request to the same address.
 */
function RefusedSend({ data, loaded, to, delivery }: { data: UserData; loaded: LoadedDocument; to: string; delivery: DeliveryDto }) {
  const [sending, setSending] = useState(false);
  const again = async () => {
    setSending(true);
    try {
      await requestSend(data, loaded, to);
      toast({ title: 'E-mail queued', variant: 'success' });
    } catch (err) {
      toast({ title: 'Could not send', description: failureMessage(err), variant: 'destructive' });
    } finally {
      setSending(false);
    }
  };
  return (
    <div data-testid="outreach-status">
      <Notice tone="warning" title={`E-mail to ${to} not sent`}>
        <p className={w.muted}>{delivery.error ?? 'The server did not send this e-mail.'}</p>
        <div className={w.row}>
          {delivery.refusal === 'unverified' ? <Link to="/welcome">Verify your e-mail address</Link> : null}
          <Button variant="secondary" isPending={sending} onPress={() => void again()}>
            Send again
          </Button>
        </div>
      </Notice>
    </div>
  );
}
