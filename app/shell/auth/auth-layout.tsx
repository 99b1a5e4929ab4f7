import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { brand } from '../../../schema/brand';
import { Card } from '../../ui/card';
import { ModeSwitcher } from '../../ui/mode-switcher';
import * as s from './auth.css';

/** The frame of the sign-in pages: the brand, then one card. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <main className={s.page}>
      <Link to="/" className={s.brandLink}>
        {brand.product}
      </Link>
      <Card className={s.panel}>{children}</Card>
      <ModeSwitcher theme="public" />
    </main>
  );
}
