/**
 * After a refused submit: move focus (and the screen) to the first field in error, in the order the
 * person reads the form, so the message is where they look rather than at the top of a long form.
 * Falls back to the form's first alert when no field is marked (a message about the whole form).
 */
export function focusFirstError(form: HTMLElement | null): HTMLElement | null {
  if (!form) return null;
  const target =
    form.querySelector<HTMLElement>('[aria-invalid="true"]:not([disabled])') ?? form.querySelector<HTMLElement>('[role="alert"]');
  if (!target) return null;
  if (target.getAttribute('role') === 'alert' && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  target.scrollIntoView({ block: 'center' });
  return target;
}
