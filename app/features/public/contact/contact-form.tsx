import { useState, type FormEvent } from 'react';
import { contactContract } from '../../../../schema/contract/contact';
import { contactForm, type ContactForm as ContactValues } from '../../../../schema/forms';
import { call } from '../../../data/api';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast-store';
import { contactErrorMessage, contactMessages } from './contact-messages';
import * as s from './contact.css';

type Field = keyof ContactValues;
const empty: ContactValues = { name: '', email: '', subject: '', message: '' };

function validate(values: ContactValues): Partial<Record<Field, string>> {
  const result = contactForm.safeParse(values);
  if (result.success) return {};
  const out: Partial<Record<Field, string>> = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0];
    if ((key === 'name' || key === 'email' || key === 'subject' || key === 'message') && !out[key]) out[key] = issue.message;
  }
  return out;
}

/**
 * 'Send Us a Message' (spec §2, §4 "Contact form"): idle → submitting (button busy) → success (toast,
 * form reset) or error (toast, values kept). Field rules and messages come from schema/forms.ts.
 */
export function ContactForm() {
  const [values, setValues] = useState<ContactValues>(empty);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [touched, setTouched] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  function change(field: Field, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    // After a first attempt, messages follow the typing so they disappear as soon as a field is fixed.
    if (touched) setErrors(validate(next));
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (submitting) return;
    setTouched(true);
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = contactForm.parse(values);
    setSubmitting(true);
    setFailure(null);
    try {
      await call(contactContract.send, { body });
      toast({ title: contactMessages.sentTitle, description: contactMessages.sent, variant: 'success' });
      setValues(empty);
      setErrors({});
      setTouched(false);
    } catch (err) {
      const description = contactErrorMessage(err);
      toast({ title: contactMessages.errorTitle, description, variant: 'destructive' });
      setFailure(description);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form className={s.form} onSubmit={submit} noValidate aria-labelledby="contact-form-title">
      <h2 id="contact-form-title" className={s.cardTitle}>
        Send Us a Message
      </h2>
      <div className={s.row}>
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          value={values.name}
          onChange={(v) => change('name', v)}
          error={errors.name}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(v) => change('email', v)}
          error={errors.email}
        />
      </div>
      <TextField label="Subject" name="subject" value={values.subject} onChange={(v) => change('subject', v)} error={errors.subject} />
      <TextField
        label="Message"
        name="message"
        multiline
        value={values.message}
        onChange={(v) => change('message', v)}
        error={errors.message}
      />
      {/* The toast says it too, but it fades; this stays until the next attempt while the values are kept. */}
      <p role="alert" className={s.failure} hidden={!failure}>
        {failure}
      </p>
      <Button type="submit" isPending={submitting}>
        {submitting ? 'Sending…' : 'Send Message'}
      </Button>
    </form>
  );
}
