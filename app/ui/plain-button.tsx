import type { ButtonHTMLAttributes, Ref } from 'react';
import { button, fullWidth, nativeButton } from './controls.css';

export interface PlainButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof button;
  wide?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A native <button> that looks like Button, for what the landing page shows first (the cookie notice,
 * the install button): keyboard and focus are the browser's own, without react-aria's weight. Pages
 * with pending states, menus or dialogs keep Button.
 */
export function PlainButton({ variant = 'primary', wide, className, type = 'button', ...props }: PlainButtonProps) {
  return <button type={type} {...props} className={[button[variant], nativeButton, wide ? fullWidth : '', className ?? ''].join(' ')} />;
}
