import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo, useRef } from 'react';
import { posContract } from '../../../schema/pos/contract';
import { ApiError, queryEndpoint } from '../../data/api';
import { NotFound } from '../../routes/not-found';
import { Button } from '../../ui/button';
import { LoadError } from '../../ui/feedback';
import { PageSpinner } from '../../ui/spinner';
import { dateFormatter, publicDateSettings, WorkspaceDatesContext } from '../../kit/date-format';
import * as p from './pos.css';
import { Receipt } from './receipt';
import './receipt-print.css';
import { printReceipt } from './receipt-share';

const route = getRouteApi('/r/$token');

/** /r/{token}: a till receipt for whoever holds its link, printable; any other token is not found. */
export function ReceiptPage() {
  const { token } = route.useParams();
  const receipt = useQuery({
    queryKey: ['receipt', token],
    queryFn: () => queryEndpoint(posContract.receipt, { params: { token } }),
    retry: (count, err) => !(err instanceof ApiError && err.status === 404) && count < 2,
  });
  const held = useRef<HTMLDivElement>(null);
  const dates = useMemo(() => dateFormatter({ ...publicDateSettings, timezone: receipt.data?.timezone }), [receipt.data?.timezone]);
  if (receipt.isPending) return <PageSpinner label="Loading the receipt" />;
  if (receipt.error instanceof ApiError && receipt.error.status === 404) return <NotFound />;
  if (receipt.isError || !receipt.data) {
    return (
      <main className={p.receiptPage}>
        <LoadError
          title="Could not load the receipt"
          message="Check your connection and try again."
          onRetry={() => void receipt.refetch()}
        />
      </main>
    );
  }
  const r = receipt.data;
  return (
    <WorkspaceDatesContext.Provider value={dates}>
      <main className={p.receiptPage}>
        <div ref={held}>
          <Receipt order={r.order} business={r.business} currency={r.currency} vatNumber={r.vat_number} />
        </div>
        <Button
          variant="secondary"
          onPress={() => {
            const el = held.current?.firstElementChild;
            if (el instanceof HTMLElement) printReceipt(el, 80);
          }}
        >
          Print
        </Button>
      </main>
    </WorkspaceDatesContext.Provider>
  );
}
