import type { AnchorHTMLAttributes, Ref } from 'react';
import { button, fullWidth } from './controls.css';

export interface ButtonAnchorProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  variant?: keyof typeof button;
  wide?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

/** A plain anchor that looks like Button; app/routes/link-button.tsx gives it the router's navigation. */
export function ButtonAnchor({ variant = 'primary', wide, className, ...props }: ButtonAnchorProps) {
  return <a {...props} className={[button[variant], wide ? fullWidth : '', className ?? ''].join(' ')} />;
}
