import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { Notice, LoadError } from '../../ui/feedback';
import * as s from '../../ui/page.css';
import { serverMessage } from '../../kit/workspace-queries';
import { useCheckoutReturn } from './billing-queries';

/** What happened to the payment the browser just came back from (the `?reference=` of the return). */
export function CheckoutReturn({ reference, onDismiss }: { reference: string | undefined; onDismiss: () => void }) {
  const result = useCheckoutReturn(reference);
  if (!reference) return null;
  if (result.isPending) {
    return (
      <Notice tone="info">
        <Spinner label="Checking your payment..." />
      </Notice>
    );
  }
  if (result.isError) {
    return (
      <LoadError title="We could not check this payment" message={serverMessage(result.error)} onRetry={() => void result.refetch()} />
    );
  }
  const outcome = result.data;
  const title =
    outcome.status === 'success'
      ? 'Payment successful'
      : outcome.status === 'failed'
        ? 'Payment not completed'
        : 'Payment still processing';
  return (
    <Notice tone={outcome.status === 'failed' ? 'error' : outcome.status === 'success' ? 'info' : 'warning'} title={title}>
      <p className={s.muted} data-testid="checkout-outcome">
        {outcome.message}
      </p>
      <div className={s.row}>
        {outcome.status === 'pending' ? (
          <Button variant="secondary" onPress={() => void result.refetch()}>
            Check again
          </Button>
        ) : null}
        <Button variant="ghost" onPress={onDismiss}>
          Dismiss
        </Button>
      </div>
    </Notice>
  );
}
