import { useRouter } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { button } from '../ui/controls.css';

type Variant = keyof typeof button;

export interface SiteLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  /** Render as a button-looking link. */
  variant?: Variant;
  children: ReactNode;
}

/**
 * An in-app link by path. Public pages link to routes other features own (/auth, /register,
 * /marketplace…), which may not be registered in the typed route tree yet, so this navigates through
 * the router's history by string instead of the typed <Link>. Modified clicks open normally.
 */
export function SiteLink({ to, variant, className, onClick, children, ...rest }: SiteLinkProps) {
  const router = useRouter();
  const classes = [variant ? button[variant] : '', className ?? ''].join(' ').trim() || undefined;
  function handle(e: MouseEvent<HTMLAnchorElement>) {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const url = new URL(to, window.location.href);
    if (url.origin !== window.location.origin) return;
    e.preventDefault();
    const samePage = url.pathname === window.location.pathname && url.search === window.location.search;
    if (samePage && url.hash) {
      document.getElementById(url.hash.slice(1))?.scrollIntoView({ behavior: 'smooth' });
      window.history.replaceState(window.history.state, '', url.hash);
      return;
    }
    router.history.push(url.pathname + url.search + url.hash);
    if (!url.hash) window.scrollTo(0, 0);
  }
  return (
    <a href={to} className={classes} onClick={handle} {...rest}>
      {children}
    </a>
  );
}
