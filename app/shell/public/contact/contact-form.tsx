import { useState } from 'react';
import { contactContract } from '../../../../schema/contact/contract';
import { contactForm, type ContactForm as ContactValues } from '../../../../schema/kit/forms';
import { call } from '../../../data/api';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast-store';
import { contactErrorMessage, contactMessages } from './contact-messages';
import { useZodForm } from '../../../kit/forms/use-zod-form';
import * as s from './contact.css';

const empty: ContactValues = { name: '', email: '', subject: '', message: '' };

/**
 * 'Send Us a Message' (spec §2, §4 "Contact form"): idle → submitting (button busy) → success (toast,
 * form reset) or error (toast, values kept). Field rules and messages come from schema/kit/forms.ts.
 */
export function ContactForm() {
  const form = useZodForm(contactForm, empty);
  const [failure, setFailure] = useState<string | null>(null);
  const field = (key: keyof ContactValues) => ({ ...form.field(key), name: key });

  const submit = form.handleSubmit(
    async (body) => {
      setFailure(null);
      await call(contactContract.send, { body });
      toast({ title: contactMessages.sentTitle, description: contactMessages.sent, variant: 'success' });
      form.reset(empty);
    },
    {
      onError: (err) => {
        const description = contactErrorMessage(err);
        toast({ title: contactMessages.errorTitle, description, variant: 'destructive' });
        setFailure(description);
      },
    },
  );

  return (
    <form className={s.form} onSubmit={submit} noValidate aria-labelledby="contact-form-title">
      <h2 id="contact-form-title" className={s.cardTitle}>
        Send Us a Message
      </h2>
      <div className={s.row}>
        <TextField label="Name" autoComplete="name" {...field('name')} />
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
      </div>
      <TextField label="Subject" {...field('subject')} />
      <TextField label="Message" multiline {...field('message')} />
      {/* The toast says it too, but it fades; this stays until the next attempt while the values are kept. */}
      <p role="alert" className={s.failure} hidden={!failure}>
        {failure}
      </p>
      <Button type="submit" isPending={form.submitting}>
        {form.submitting ? 'Sending…' : 'Send Message'}
      </Button>
    </form>
  );
}
