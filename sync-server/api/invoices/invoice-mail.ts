import { documentPrefixes } from '../../../schema/invoices/invoices.js';
import { escapeHtml, type MailContent } from '../../mail/templates.js';

export interface DocumentMailInput {
  kind: 'invoice' | 'quote';
  heading: string;
  number: string;
  business: string;
  customer: string;
  total: string;
  balance?: string;
  endDate?: string;
  /** The document's public page (an invoice's: pay online, print; a quote's: view and accept). */
  link?: string;
}

function paragraphsHtml(paragraphs: string[], link?: string): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = link ? `<p style="margin:0 0 16px"><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : '';
  return (
    `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#111;line-height:1.5">` +
    `<div style="max-width:520px;margin:0 auto;padding:24px">${body}${button}</div></body></html>`
  );
}

/** A number as the system makes them (INV-000042, QUO-…, CRN-…). */
const systemNumber = new RegExp(`^(${Object.values(documentPrefixes).join('|')})-\\d{6,}$`);

/**
 * The subject line: fixed words and the document's number, nothing a sender typed. The business
 * name and a number the device made up reach a stranger's inbox only inside the mail, never as the
 * line that decides whether it is opened.
 */
function subjectOf(words: string, number: string): string {
  return systemNumber.test(number) ? `${words} ${number}` : words;
}

/** The e-mail an invoice or quote goes out with; the PDF is attached. */
export function documentMail(m: DocumentMailInput): MailContent {
  const lines = [
    `Dear ${m.customer},`,
    m.kind === 'quote'
      ? `Please find attached quote ${m.number} from ${m.business} for ${m.total}${m.endDate ? `, valid until ${m.endDate}` : ''}.`
      : `Please find attached ${m.heading.toLowerCase()} ${m.number} from ${m.business} for ${m.total}${m.endDate ? `, due on ${m.endDate}` : ''}.`,
    ...(m.balance ? [`Balance due: ${m.balance}.`] : []),
    ...(m.link ? [m.kind === 'quote' ? 'You can view and accept it online here:' : 'You can view, print and pay it online here:'] : []),
  ];
  const closing = [`Kind regards,`, m.business];
  return {
    subject: subjectOf(m.heading, m.number),
    text: [...lines, ...(m.link ? [m.link] : []), '', ...closing].join('\n'),
    html: paragraphsHtml([...lines], m.link).replace('</div></body>', `<p>${closing.map(escapeHtml).join('<br>')}</p></div></body>`),
  };
}

/** A reminder that an invoice is due today, or overdue. */
export function reminderMail(m: DocumentMailInput & { overdue: boolean }): MailContent {
  const lines = [
    `Dear ${m.customer},`,
    m.overdue
      ? `Invoice ${m.number} from ${m.business} was due on ${m.endDate ?? ''} and ${m.balance ?? m.total} is still outstanding.`
      : `A reminder that invoice ${m.number} from ${m.business} is due today: ${m.balance ?? m.total}.`,
    ...(m.link ? ['You can view and pay it online here:'] : []),
  ];
  const closing = [`Kind regards,`, m.business];
  return {
    subject: subjectOf(m.overdue ? 'Overdue: invoice' : 'Due today: invoice', m.number),
    text: [...lines, ...(m.link ? [m.link] : []), '', ...closing].join('\n'),
    html: paragraphsHtml([...lines], m.link).replace('</div></body>', `<p>${closing.map(escapeHtml).join('<br>')}</p></div></body>`),
  };
}

/** The seller's e-mail when a customer accepts a quote on its public page. */
export function quoteAcceptedMail(m: {
  number: string;
  business: string;
  customer: string;
  total: string;
  invoiceNumber: string | null;
  /** The new invoice in the app. */
  link: string;
}): MailContent {
  const lines = [
    `${m.customer} accepted quote ${m.number} for ${m.total}.`,
    m.invoiceNumber
      ? `It is now draft invoice ${m.invoiceNumber} in ${m.business}. Check it and send it when you are ready:`
      : `It is now a draft invoice in ${m.business}. Check it and send it when you are ready:`,
  ];
  return {
    subject: subjectOf('Quote accepted:', m.number),
    text: [...lines, m.link].join('\n'),
    html: paragraphsHtml(lines, m.link),
  };
}
