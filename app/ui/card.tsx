import type { ReactNode } from 'react';
import { card } from './controls.css';

export function Card({
  children,
  className,
  as: Tag = 'section',
  ...rest
}: {
  children: ReactNode;
  className?: string;
  as?: 'section' | 'div' | 'article';
  'aria-labelledby'?: string;
}) {
  return (
    <Tag className={[card, className ?? ''].join(' ')} {...rest}>
      {children}
    </Tag>
  );
}
