import type { AppDeps } from '../../deps.js';
import { HttpError } from '../../http/errors.js';
import { enforceRateLimits } from '../../http/rate-limit.js';
import { brand } from '../../../schema/brand.js';
import type { ContactForm } from '../../../schema/kit/forms.js';
import { insertContactMessage } from './contact.repo.js';

/** spec §8 success toast text, verbatim. */
export const contactThanks = "Thank you for contacting us. We'll get back to you soon!";
export const contactMailFailed = 'There was a problem sending your message. Please try again later.';

/** Per IP: enough for a person who made a mistake, not for a spammer. */
export const contactLimit = { max: 5, windowSeconds: 3600 } as const;

/** Stores the message, then mails it to the brand address with reply-to the sender. */
export async function sendContactMessage(
  deps: AppDeps,
  msg: ContactForm,
  from: { ip: string; userId: number | null },
): Promise<{ message: string }> {
  await enforceRateLimits(deps, [{ key: `contact:ip:${from.ip}`, ...contactLimit }]);
  const id = await insertContactMessage(deps.db, msg, { ip: from.ip, userId: from.userId, now: deps.now() });
  try {
    await deps.mailer.send({
      to: brand.email,
      replyTo: `${msg.name.replace(/["<>\r\n]/g, '')} <${msg.email}>`,
      subject: `[${brand.product} contact] ${msg.subject}`,
      text: `Message #${id} from the contact form\n\nName: ${msg.name}\nEmail: ${msg.email}\nSubject: ${msg.subject}\n\n${msg.message}\n`,
    });
  } catch (err) {
    // The message is stored either way; the sender is told to try again only if nobody will see it.
    deps.log.error({ err, id }, 'contact mail failed');
    throw new HttpError(502, contactMailFailed, { code: 'mail_failed' });
  }
  return { message: contactThanks };
}
