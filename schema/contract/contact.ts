import { contactForm } from '../forms.js';
import { endpoint, okBody } from '../http.js';

export const contactContract = {
  send: endpoint({ method: 'POST', path: '/api/contact', body: contactForm, response: okBody }),
} as const;
