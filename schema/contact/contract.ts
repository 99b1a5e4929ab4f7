import { contactForm } from '../kit/forms.js';
import { endpoint, okBody } from '../kit/http.js';

export const contactContract = {
  send: endpoint({ method: 'POST', path: '/api/contact', body: contactForm, response: okBody }),
} as const;
