import { useState } from 'react';
import {
  classifiedMessages,
  inquiryStatusLabels,
  MAX_OFFER_CENTS,
  type InquiryThread as Thread,
  type MessageDto,
} from '../../../schema/classifieds/classifieds';
import { formatCents, parseCents } from '../../../schema/kit/money';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { toast } from '../../ui/toast-store';
import * as w from '../../ui/page.css';
import { failureMessage } from '../../kit/forms/use-zod-form';
import { useWorkspaceDates } from '../../kit/date-format';
import * as s from './classifieds.css';
import { classifiedCalls, useClassifiedChange } from './use-classifieds';

const requestLabels = { question: 'Question', offer: 'Offer', viewing: 'Viewing request' } as const;

/** One line of the thread: a message, or an event (an offer made, countered, accepted or declined). */
function Message({ m, currency }: { m: MessageDto; currency: string }) {
  const dates = useWorkspaceDates();
  const who = m.mine ? 'You' : (m.sender ?? 'Deleted account');
  const event = m.kind !== 'message';
  const prefix =
    m.kind === 'offer' && m.amount_cents !== null
      ? `Offer: ${formatCents(m.amount_cents, currency)}. `
      : m.kind === 'viewing'
        ? 'Viewing request. '
        : '';
  const variant = m.kind === 'counter' || m.kind === 'accepted' || m.kind === 'declined' ? 'event' : m.mine ? 'mine' : 'theirs';
  return (
    <li className={s.bubbleRow[variant]}>
      <div className={s.bubble[variant]}>
        {event && variant !== 'event' ? <strong>{prefix}</strong> : null}
        {m.body}
        <span className={s.bubbleMeta}>
          {who} · {dates.dateTime(m.created_at)}
        </span>
      </div>
    </li>
  );
}

/**
 * An inquiry's thread, for whichever side is looking: the messages, the offer's state with the
 * answers it allows (the seller accepts, declines or counters; the buyer accepts or declines a
 * counter-offer), and a box to write in while the listing takes messages.
 */
export function InquiryThread({ thread, onReport }: { thread: Thread; onReport?: (messageId: string) => void }) {
  const dates = useWorkspaceDates();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [counter, setCounter] = useState('');
  const [counterError, setCounterError] = useState<string | null>(null);
  const send = useClassifiedChange((message: string) => classifiedCalls.send(thread.id, message));
  const respond = useClassifiedChange((body: { action: 'accept' | 'decline' | 'counter'; amount_cents?: number }) =>
    classifiedCalls.respond(thread.id, body),
  );
  const money = (cents: number | null) => (cents === null ? '' : formatCents(cents, thread.currency));
  const closed = thread.listing_status === 'sold' || thread.listing_status === 'expired';
  const sellerTurn = thread.request_type === 'offer' && thread.status === 'new' && thread.role === 'seller';
  const buyerTurn = thread.request_type === 'offer' && thread.status === 'countered' && thread.role === 'buyer';

  const answer = async (body: { action: 'accept' | 'decline' | 'counter'; amount_cents?: number }) => {
    try {
      await respond.mutateAsync(body);
      toast({
        title: body.action === 'accept' ? 'Offer accepted' : body.action === 'decline' ? 'Offer declined' : 'Counter-offer sent',
        variant: 'success',
      });
    } catch (err) {
      toast({ title: 'Could not answer the offer', description: failureMessage(err), variant: 'destructive' });
    }
  };

  const sendCounter = () => {
    const parsed = parseCents(counter, 'Counter-offer');
    if (!parsed.ok) return setCounterError(parsed.message);
    if (!parsed.cents) return setCounterError(classifiedMessages.offerZero);
    if (parsed.cents > MAX_OFFER_CENTS) return setCounterError(classifiedMessages.offerTooHigh);
    setCounterError(null);
    void answer({ action: 'counter', amount_cents: parsed.cents });
  };

  const submit = async () => {
    if (!text.trim()) return setError(classifiedMessages.empty);
    setError(null);
    try {
      await send.mutateAsync(text);
      setText('');
    } catch (err) {
      setError(failureMessage(err));
    }
  };

  return (
    <section className={s.threadBox} aria-label={`Conversation about ${thread.listing_title}`}>
      <div className={w.row}>
        <span className={w.badge.neutral}>{requestLabels[thread.request_type]}</span>
        <span className={thread.status === 'accepted' ? w.badge.accent : w.badge.neutral}>{inquiryStatusLabels[thread.status]}</span>
        {thread.offer_amount_cents !== null ? <span>Offer {money(thread.offer_amount_cents)}</span> : null}
        {thread.counter_amount_cents !== null ? <span>Counter-offer {money(thread.counter_amount_cents)}</span> : null}
        {thread.viewing_at ? <span>Viewing {dates.dateTime(thread.viewing_at)}</span> : null}
      </div>
      {thread.status === 'accepted' ? (
        <p className={w.muted} role="status">
          {thread.role === 'buyer'
            ? `The seller accepted ${money(thread.offer_amount_cents)}: the item is reserved for you.`
            : `You accepted ${money(thread.offer_amount_cents)}: the item is reserved for ${thread.buyer}.`}
        </p>
      ) : null}
      <ol className={s.thread} aria-label="Messages">
        {thread.messages.map((m) => (
          <Message key={m.id} m={m} currency={thread.currency} />
        ))}
      </ol>
      {sellerTurn ? (
        <div className={w.stack}>
          <div className={w.actionRow}>
            <Button onPress={() => void answer({ action: 'accept' })} isPending={respond.isPending}>
              Accept {money(thread.offer_amount_cents)}
            </Button>
            <Button variant="secondary" onPress={() => void answer({ action: 'decline' })} isDisabled={respond.isPending}>
              Decline
            </Button>
          </div>
          <div className={w.actionRow}>
            <TextField
              label="Counter-offer (R)"
              inputMode="decimal"
              value={counter}
              onChange={setCounter}
              error={counterError ?? undefined}
            />
            <Button variant="secondary" onPress={sendCounter} isDisabled={respond.isPending}>
              Send counter-offer
            </Button>
          </div>
        </div>
      ) : null}
      {buyerTurn ? (
        <div className={w.actionRow}>
          <Button onPress={() => void answer({ action: 'accept' })} isPending={respond.isPending}>
            Accept {money(thread.counter_amount_cents)}
          </Button>
          <Button variant="secondary" onPress={() => void answer({ action: 'decline' })} isDisabled={respond.isPending}>
            Decline counter-offer
          </Button>
        </div>
      ) : null}
      {closed ? (
        <p className={w.muted}>{classifiedMessages.closed}.</p>
      ) : (
        <div className={s.composer}>
          <TextField label="Message" multiline value={text} onChange={setText} error={error ?? undefined} />
          <div className={w.actionRow}>
            <Button onPress={() => void submit()} isPending={send.isPending}>
              Send message
            </Button>
            {onReport && thread.messages.some((m) => !m.mine) ? (
              <Button variant="ghost" onPress={() => onReport(thread.messages.filter((m) => !m.mine).at(-1)?.id ?? '')}>
                Report a message
              </Button>
            ) : null}
          </div>
        </div>
      )}
    </section>
  );
}
