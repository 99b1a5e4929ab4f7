import type { ReactNode } from 'react';
import * as s from './workspaces.css';

/** A plain message box. `error` is announced to screen readers at once; the others politely. */
export function Notice({
  tone = 'info',
  title,
  children,
}: {
  tone?: keyof typeof s.notice;
  title?: string;
  children?: ReactNode;
}) {
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
