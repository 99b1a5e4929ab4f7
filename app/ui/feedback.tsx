import type { ReactNode } from 'react';
import { Button } from './button';
import * as s from './page.css';

/** A plain message box. `error` is announced to screen readers at once; the others politely. */
export function Notice({ tone = 'info', title, children }: { tone?: keyof typeof s.notice; title?: string; children?: ReactNode }) {
  return (
    <div className={s.notice[tone]} role={tone === 'error' ? 'alert' : 'status'}>
      {title ? <p className={s.noticeTitle}>{title}</p> : null}
      {children}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={s.emptyState}>
      <h2 className={s.sectionTitle}>{title}</h2>
      {children}
    </div>
  );
}

/** A request that failed: what could not be loaded, the server's reason (`message`), and a way to ask again. */
export function LoadError({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  return (
    <Notice tone="error" title={title}>
      <p className={s.muted}>{message}</p>
      <div className={s.row}>
        <Button variant="secondary" onPress={onRetry}>
          Try again
        </Button>
      </div>
    </Notice>
  );
}
