import { useState } from 'react';
import type { PaymentMethodDto } from '../../../schema/billing/billing';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { ModalDialog } from '../../ui/modal-dialog';
import { Spinner } from '../../ui/spinner';
import { EmptyState, Notice, LoadError } from '../../ui/feedback';
import { serverMessage } from '../../kit/workspace-queries';
import * as s from '../../ui/page.css';
import { useBillingOverview, useRemoveCard, useSetDefaultCard } from './billing-queries';
import { cardName, expiry } from './billing-format';

/** Saved cards: only what the provider lets us keep (brand, last four digits, expiry). */
export function PaymentMethodsPanel() {
  const overview = useBillingOverview();
  const setDefault = useSetDefaultCard();
  const remove = useRemoveCard();
  const [removing, setRemoving] = useState<PaymentMethodDto | null>(null);

  if (overview.isPending) return <Spinner label="Loading your cards..." />;
  if (overview.isError) {
    return <LoadError title="Could not load your cards" message={serverMessage(overview.error)} onRetry={() => void overview.refetch()} />;
  }
  const cards = overview.data.payment_methods;
  const failure = setDefault.error ?? remove.error;
  return (
    <Card aria-labelledby="cards-title">
      <h2 className={s.sectionTitle} id="cards-title">
        Saved cards
      </h2>
      <div className={s.stack}>
        {failure ? (
          <Notice tone="error" title="That did not work">
            <p className={s.muted}>{serverMessage(failure)}</p>
          </Notice>
        ) : null}
        {cards.length === 0 ? (
          <EmptyState title="No saved cards">
            <p className={s.muted}>A card is saved when you pay for a plan or for AI credits.</p>
          </EmptyState>
        ) : (
          <ul className={s.list} aria-label="Saved cards">
            {cards.map((c) => (
              <li key={c.id} className={s.listItem} aria-label={cardName(c)}>
                <div className={s.itemMain}>
                  <p className={s.itemName}>{cardName(c)}</p>
                  <p className={`${s.muted} ${s.small}`}>
                    Expires {expiry(c)}
                    {c.bank ? ` · ${c.bank}` : ''}
                  </p>
                </div>
                <div className={s.actionRow}>
                  {c.is_default ? (
                    <span className={s.badge.accent}>Default</span>
                  ) : (
                    <Button
                      variant="secondary"
                      isPending={setDefault.isPending && setDefault.variables === c.id}
                      onPress={() => setDefault.mutate(c.id)}
                    >
                      Make default
                    </Button>
                  )}
                  <Button variant="ghost" aria-label={`Remove ${cardName(c)}`} onPress={() => setRemoving(c)}>
                    Remove
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <p className={`${s.muted} ${s.small}`}>Card numbers are never stored here; the card provider keeps them.</p>
      </div>
      <ModalDialog
        title={removing ? `Remove ${cardName(removing)}?` : 'Remove card?'}
        isOpen={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
      >
        <div className={s.dialogBody}>
          <p className={s.muted}>You can add it again by paying with it.</p>
          <div className={s.formActions}>
            <Button variant="secondary" onPress={() => setRemoving(null)}>
              Keep card
            </Button>
            <Button
              variant="danger"
              isPending={remove.isPending}
              onPress={() => {
                if (removing) remove.mutate(removing.id, { onSettled: () => setRemoving(null) });
              }}
            >
              Remove card
            </Button>
          </div>
        </div>
      </ModalDialog>
    </Card>
  );
}
