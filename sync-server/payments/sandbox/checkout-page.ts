/**
 * The sandbox's hosted checkout page: a plain HTML form where a tester types a test card. The card
 * number is checked here and then forgotten; only a token, brand, last4 and expiry leave the page.
 */

/** The card that always succeeds; any other valid number is declined (but the one below). */
export const SUCCESS_CARD = '4084084084084081';
/** A card that pays, but whose refunds the bank later turns back (an account closed since): refund.failed. */
export const REFUND_FAILS_CARD = '4084080000005408';

export interface CheckoutView {
  accessCode: string;
  email: string;
  amount: number;
  currency: string;
  merchant: string;
  error?: string;
  values?: { number?: string; expiry?: string };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function formatAmount(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-ZA', { style: 'currency', currency }).format(cents / 100);
}

export function checkoutPage(view: CheckoutView): string {
  const amount = formatAmount(view.amount, view.currency);
  const code = encodeURIComponent(view.accessCode);
  const v = view.values ?? {};
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pay ${escapeHtml(amount)} — Paystack sandbox</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f3f4f6; color: #111827; }
  main { max-width: 26rem; margin: 2rem auto; background: #fff; padding: 1.5rem; border-radius: 12px; box-shadow: 0 1px 4px #0002; }
  h1 { font-size: 1.25rem; margin: 0 0 .25rem; }
  p { margin: .25rem 0 1rem; }
  label { display: block; font-weight: 600; margin: .75rem 0 .25rem; }
  input { width: 100%; box-sizing: border-box; font-size: 1rem; padding: .6rem; border: 1px solid #9ca3af; border-radius: 8px; }
  .row { display: flex; gap: .75rem; } .row > div { flex: 1; }
  button { margin-top: 1.25rem; width: 100%; padding: .75rem; font-size: 1rem; font-weight: 700; border: 0; border-radius: 8px; background: #0b7a3b; color: #fff; cursor: pointer; }
  button:focus-visible, input:focus-visible, a:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
  .error { background: #fee2e2; color: #991b1b; padding: .6rem .75rem; border-radius: 8px; }
  .note { font-size: .875rem; color: #4b5563; }
  .cancel { display: block; text-align: center; margin-top: 1rem; color: #374151; }
</style>
</head>
<body>
<main>
  <h1>Paystack sandbox checkout</h1>
  <p>${escapeHtml(view.merchant)} · ${escapeHtml(view.email)}</p>
  <p><strong>Pay ${escapeHtml(amount)}</strong></p>
  ${view.error ? `<p class="error" role="alert">${escapeHtml(view.error)}</p>` : ''}
  <form method="post" action="/checkout/${code}" aria-label="Card details">
    <label for="card">Card number</label>
    <input id="card" name="card_number" inputmode="numeric" autocomplete="off" required value="${escapeHtml(v.number ?? '')}">
    <div class="row">
      <div>
        <label for="expiry">Expiry (MM/YY)</label>
        <input id="expiry" name="expiry" placeholder="MM/YY" autocomplete="off" required value="${escapeHtml(v.expiry ?? '')}">
      </div>
      <div>
        <label for="cvv">CVV</label>
        <input id="cvv" name="cvv" inputmode="numeric" autocomplete="off" required>
      </div>
    </div>
    <button type="submit">Pay ${escapeHtml(amount)}</button>
  </form>
  <p class="note">Test mode: card 4084 0840 8408 4081 with any future expiry and CVV succeeds; any other valid card number is declined. No real money moves.</p>
  <a class="cancel" href="/checkout/${code}/cancel">Cancel payment</a>
</main>
</body>
</html>`;
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export type CardEntry = { ok: true; number: string; expMonth: number; expYear: number } | { ok: false; error: string };

/** Checks what the tester typed the way a checkout would: number, expiry in the future, CVV. */
export function readCard(form: { card_number?: string; expiry?: string; cvv?: string }, now: Date): CardEntry {
  const number = (form.card_number ?? '').replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) return { ok: false, error: 'Enter a valid card number.' };
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(form.expiry ?? '');
  if (!m) return { ok: false, error: 'Enter the expiry date as MM/YY.' };
  const expMonth = Number(m[1]);
  const expYear = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (expMonth < 1 || expMonth > 12) return { ok: false, error: 'Enter the expiry date as MM/YY.' };
  const endOfMonth = Date.UTC(expYear, expMonth, 1);
  if (endOfMonth <= now.getTime()) return { ok: false, error: 'This card has expired.' };
  if (!/^\d{3,4}$/.test((form.cvv ?? '').trim())) return { ok: false, error: 'Enter the 3-digit CVV from the back of the card.' };
  return { ok: true, number, expMonth, expYear };
}

export function brandOf(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(number) || /^2[2-7]/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'american express';
  return 'card';
}
