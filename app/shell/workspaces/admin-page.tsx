import { Link, Navigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useAuth } from '../../data/auth-store';
import { EmptyState } from '../../ui/feedback';
import { PageSpinner } from '../../ui/spinner';
import * as w from '../../ui/page.css';

/**
 * A Control Hub page for the platform's admins (/controlhub/reports, /controlhub/credits): the signed-out
 * are sent to sign in, anyone else who is not an admin is told what only admins can do here.
 */
export function AdminPage({ titleId, title, denied, children }: { titleId: string; title: string; denied: string; children: ReactNode }) {
  const { status, user } = useAuth();
  if (status === 'loading') return <PageSpinner />;
  if (status === 'anonymous' || !user) return <Navigate to="/auth" replace />;
  return (
    <main className={w.page} aria-labelledby={titleId}>
      <p className={w.muted}>
        <Link to="/controlhub">← Control Hub</Link>
      </p>
      <h1 id={titleId} className={w.title}>
        {title}
      </h1>
      {!user.isAdmin ? (
        <EmptyState title="Admins only">
          <p className={w.muted}>{denied}</p>
        </EmptyState>
      ) : (
        children
      )}
    </main>
  );
}
