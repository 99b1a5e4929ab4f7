import { useEffect, useRef } from 'react';
import { Button as AriaButton, Link as AriaLink, type ButtonProps, type LinkProps } from 'react-aria-components';
import { button, fullWidth } from './controls.css';

type Variant = keyof typeof button;

export interface VukaButtonProps extends Omit<ButtonProps, 'className'> {
  variant?: Variant;
  wide?: boolean;
  className?: string;
}

/**
 * react-aria announces a busy button by pointing a live-region node at the button's label. When the
 * button goes away first (a dialog that closes once its action is done), the node is left pointing
 * at nothing for several seconds: an unnamed image to assistive technology. Such nodes are removed.
 */
function dropDanglingAnnouncements() {
  for (const node of Array.from(document.querySelectorAll('[data-live-announcer] [aria-labelledby]'))) {
    const ids = (node.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter(Boolean);
    if (ids.every((id) => !document.getElementById(id))) node.remove();
  }
}

/**
 * Drops dangling nodes now, and for a moment watches the announcer: react-aria adds its very first
 * announcement 100 ms late, possibly after the button has gone. The observer removes such a node
 * before anything can read it.
 */
function guardAnnouncer() {
  dropDanglingAnnouncements();
  const root = document.querySelector('[data-live-announcer]');
  if (!root) return;
  const observer = new MutationObserver(dropDanglingAnnouncements);
  observer.observe(root, { childList: true, subtree: true });
  setTimeout(() => observer.disconnect(), 1000);
}

/** The one button. `isPending` shows busy state and blocks presses (react-aria). */
export function Button({ variant = 'primary', wide, className, ...props }: VukaButtonProps) {
  const wasPending = useRef(false);
  if (props.isPending) wasPending.current = true;
  useEffect(
    () => () => {
      if (wasPending.current) guardAnnouncer();
    },
    [],
  );
  return <AriaButton {...props} className={[button[variant], wide ? fullWidth : '', className ?? ''].join(' ')} />;
}

export interface ButtonLinkProps extends Omit<LinkProps, 'className'> {
  variant?: Variant;
  wide?: boolean;
}

/** A link that looks like a button (for navigation, not actions). */
export function ButtonLink({ variant = 'primary', wide, ...props }: ButtonLinkProps) {
  return <AriaLink {...props} className={[button[variant], wide ? fullWidth : ''].join(' ')} />;
}
