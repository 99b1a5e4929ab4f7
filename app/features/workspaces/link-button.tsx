import { createLink } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, Ref } from 'react';
import { button, fullWidth } from '../../ui/controls.css';

interface StyledAnchorProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  variant?: keyof typeof button;
  wide?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

function StyledAnchor({ variant = 'primary', wide, className, ...props }: StyledAnchorProps) {
  return <a {...props} className={[button[variant], wide ? fullWidth : '', className ?? ''].join(' ')} />;
}

/**
 * A router link that looks like app/ui's Button: typed `to`/`params`/`search`, client-side
 * navigation (app/ui's ButtonLink is a react-aria link, which reloads the page without a router).
 */
export const LinkButton = createLink(StyledAnchor);
