import { Link } from '@tanstack/react-router';
import { useStore } from 'zustand';
import { syncStatus } from '../../data/sync-status';
import { Notice } from '../../ui/feedback';
import * as w from '../../ui/page.css';

/**
 * Invoice and quote changes the server refused (e.g. an edit to an invoice another device had
 * already marked paid): said here, with the reason, and a way to the sync page to review them.
 */
export function RefusedDocumentsNotice({ workspaceId }: { workspaceId: number }) {
  const rejected = useStore(syncStatus, (st) => st.rejected);
  const mine = rejected.filter((r) => (r.collection === 'invoices' || r.collection === 'quotes') && r.workspace_id === workspaceId);
  if (mine.length === 0) return null;
  return (
    <Notice tone="warning" title={mine.length === 1 ? 'A change was not saved' : `${mine.length} changes were not saved`}>
      <ul className={w.bullets}>
        {mine.map((r) => {
          const number = r.document.invoice_number ?? r.document.quote_number;
          return (
            <li key={r.key}>
              {typeof number === 'string' ? `${number}: ` : ''}
              {r.message}
            </li>
          );
        })}
      </ul>
      <p className={w.muted}>
        <Link to="/workspace/$workspaceId/sync" params={{ workspaceId }}>
          Review refused changes
        </Link>
      </p>
    </Notice>
  );
}
