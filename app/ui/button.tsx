import { Button as AriaButton, Link as AriaLink, type ButtonProps, type LinkProps } from 'react-aria-components';
import { button, fullWidth } from './controls.css';

type Variant = keyof typeof button;

export interface VukaButtonProps extends Omit<ButtonProps, 'className'> {
  variant?: Variant;
  wide?: boolean;
  className?: string;
}

/** The one button. `isPending` shows busy state and blocks presses (react-aria). */
export function Button({ variant = 'primary', wide, className, ...props }: VukaButtonProps) {
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
