import { useLayoutEffect, type ReactNode } from 'react';
import { DesktopNotice } from './desktop-notice';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';
import * as s from './layout.css';

/** Header, phone notice, page and footer of every public page; selects the white-minimal theme. */
export function PublicLayout({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    // The theme switcher (app shell) owns light/dark; public pages only pick the public palette.
    document.documentElement.dataset.theme = 'public';
  }, []);
  return (
    <div className={s.page}>
      <a href="#main" className={s.skip}>
        Skip to content
      </a>
      <PublicHeader />
      <DesktopNotice />
      <main id="main" className={s.main} tabIndex={-1}>
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}
