import nodemailer from 'nodemailer';
import type { Db } from '../db/db.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: Uint8Array;
  contentType: string;
  /** Set for an image the HTML shows inline (`<img src="cid:…">`) rather than a file to open. */
  cid?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** Real mail over SMTP (SMTP_URL, e.g. smtp://user:pass@host:587). */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send({ attachments, ...mail }) {
      await transport.sendMail({
        from,
        ...mail,
        attachments: attachments?.map((a) => ({
          filename: a.filename,
          content: Buffer.from(a.content),
          contentType: a.contentType,
          ...(a.cid ? { cid: a.cid } : {}),
        })),
      });
    },
  };
}

/** No SMTP configured: mail goes to the database outbox (readable at /dev/mailbox outside production). */
export function outboxMailer(db: Db, from: string): Mailer {
  return {
    async send(mail) {
      // The outbox keeps the words only; an attachment is named at the end of the text.
      const attached = (mail.attachments ?? []).map((a) => `\n\nAttached: ${a.filename}`).join('');
      await db.query(
        'INSERT INTO mail_outbox (sender, recipient, subject, body_text, body_html, reply_to) VALUES ($1, $2, $3, $4, $5, $6)',
        [from, mail.to, mail.subject, mail.text + attached, mail.html ?? null, mail.replyTo ?? null],
      );
    },
  };
}
