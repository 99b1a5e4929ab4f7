import { endpoint, okBody } from '../kit/http.js';
import { mailConfirmInput } from './mail-consent.js';

/** Mail consent (issue 35): confirming an address from the opt-in mail's link. The page's GET changes nothing; this POST does. */
export const mailContract = {
  confirm: endpoint({ method: 'POST', path: '/api/public/mail-consent', body: mailConfirmInput, response: okBody }),
} as const;
