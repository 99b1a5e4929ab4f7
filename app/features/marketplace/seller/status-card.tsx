import { useState } from 'react';
import { orderChangeProblem } from '../../../../schema/marketplace/order-change-rules';
import type { OrderChange } from '../../../../schema/marketplace/order-changes';
import { orderStatusLabels, type OrderStatus } from '../../../../schema/marketplace/marketplace-orders';
import type { UserData } from '../../../data/db';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { Notice } from '../../../ui/feedback';
import { SelectField } from '../../../ui/form-controls';
import * as p from '../../../ui/page.css';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast-store';
import { useOnline } from '../../../kit/online';
import { useWorkspaceDates } from '../../../kit/date-format';
import type { NewOrderChange, SeenOrder } from './order-changes';

/** Writes a status change on this device; the sync takes it to the server, now or when the network is back. */
async function recordChange(data: UserData, change: NewOrderChange): Promise<void> {
  const now = new Date().toISOString();
  await data.db.order_changes.insert({ ...change, id: crypto.randomUUID(), updated_at: now, created_at: now });
}

/** What the last change made of the order: waiting to sync, done, or not applied and why. */
export function ChangeState({ pending, settled }: Pick<SeenOrder, 'pending' | 'settled'>) {
  // In the workspace's own date and time style, as every workspace page.
  const when = useWorkspaceDates().dateTime;
  if (pending) {
    return (
      <p className={p.muted} data-testid="order-change" data-state="pending">
        <strong>{orderStatusLabels[pending.status]} — waiting to sync.</strong> Saved on this device {when(pending.created_at)}; it is sent
        to the server when there is a connection.
      </p>
    );
  }
  if (settled?.outcome === 'refused') {
    return (
      <Notice tone="error" title={`Marked ${orderStatusLabels[settled.status].toLowerCase()} ${when(settled.created_at)}`}>
        <p className={p.muted} data-testid="order-change" data-state="refused">
          Not applied: {settled.outcome_message ?? 'the order had moved on.'}
        </p>
      </Notice>
    );
  }
  if (settled?.outcome === 'applied') {
    return (
      <p className={p.muted} data-testid="order-change" data-state="applied">
        {orderStatusLabels[settled.status]} {when(settled.created_at)} — applied.
      </p>
    );
  }
  return null;
}

/**
 * The seller moves the order on, online or not: the change is written on the device at once (the
 * order shows it, waiting to sync) and the server applies it when the sync brings it, by the same
 * rules as ever, and answers applied or not applied with the reason.
 */
export function StatusCard({ data, workspaceId, seen }: { data: UserData; workspaceId: number; seen: SeenOrder }) {
  const { order, moves } = seen;
  const online = useOnline();
  const [picked, setPicked] = useState<string>('');
  const next = moves.includes(picked as OrderStatus) ? picked : (moves[0] ?? '');
  const [tracking, setTracking] = useState(order.tracking_number ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const shipping = next === 'shipped' || (moves.length === 0 && order.status === 'shipped');
  const status = (next || (shipping ? 'shipped' : '')) as OrderChange['status'] | '';

  async function submit() {
    if (!status) return;
    const change = {
      workspace_id: workspaceId,
      order_id: order.id,
      status,
      tracking_number: shipping ? tracking.trim() || undefined : undefined,
    };
    const problem = orderChangeProblem(change);
    if (problem) {
      setError(problem.replace(/^tracking_number: /, ''));
      return;
    }
    setSaving(true);
    try {
      await recordChange(data, change);
      setError(null);
      setPicked('');
      toast({
        title: online
          ? `Order ${orderStatusLabels[status].toLowerCase()}: sending`
          : 'Saved on this device: it syncs when you are back online',
        variant: 'success',
      });
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setSaving(false);
    }
  }

  if (moves.length === 0 && order.status !== 'shipped' && !seen.pending && !seen.settled) return null;
  const options = moves.map((m) => ({ value: m, label: orderStatusLabels[m] }));
  return (
    <Card aria-labelledby="status-title">
      <h2 className={p.sectionTitle} id="status-title">
        Fulfilment
      </h2>
      <div className={p.stack}>
        {order.status === 'pending' ? <p className={p.muted}>Waiting for the buyer’s payment.</p> : null}
        <ChangeState pending={seen.pending} settled={seen.settled} />
        {moves.length === 0 && order.status !== 'shipped' ? null : (
          <form
            className={p.stack}
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            {options.length > 0 ? <SelectField label="Move the order to" value={next} options={options} onChange={setPicked} /> : null}
            {shipping ? (
              <TextField label="Tracking number" value={tracking} onChange={setTracking} description="The buyer sees it in My Orders" />
            ) : null}
            {error ? (
              <Notice tone="error" title="Not changed">
                <p className={p.muted}>{error}</p>
              </Notice>
            ) : null}
            <div>
              <Button type="submit" isPending={saving} isDisabled={!status}>
                {options.length > 0 ? 'Update order' : 'Save tracking number'}
              </Button>
            </div>
          </form>
        )}
      </div>
    </Card>
  );
}
