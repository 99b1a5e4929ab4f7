import { useState } from 'react';
import { authContract } from '../../../schema/auth/contract';
import { resetRequestForm } from '../../../schema/kit/forms';
import { call } from '../../data/api';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { toast } from '../../ui/toast-store';
import * as s from './auth.css';
import { serverMessage, useZodForm } from '../../kit/forms/use-zod-form';

export function ResetRequestForm({ onBackToLogin }: { onBackToLogin: () => void }) {
  const form = useZodForm(resetRequestForm, { email: '' });
  const busy = form.submitting;
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = form.handleSubmit(
    async (body) => {
      await call(authContract.requestReset, { body });
      toast({ title: 'Password reset email sent', variant: 'success' });
      setSentTo(body.email);
    },
    {
      onError: (err) =>
        toast({
          title: 'Failed to send reset email',
          description: serverMessage(err, 'An error occurred during password reset request'),
          variant: 'destructive',
        }),
    },
  );

  if (sentTo) {
    return (
      <div className={s.success} role="status">
        <span className={s.successIcon} aria-hidden="true">
          ✓
        </span>
        <h2 className={s.heading}>Reset Email Sent</h2>
        <p className={s.lead}>
          If an account exists for {sentTo}, we've sent instructions to reset your password. Check your inbox and follow the link in the
          email.
        </p>
        <Button
          variant="secondary"
          wide
          onPress={() => {
            setSentTo(null);
            form.reset();
            onBackToLogin();
          }}
        >
          Back to Login
        </Button>
      </div>
    );
  }

  return (
    <form className={s.form} onSubmit={submit} noValidate aria-label="Reset password">
      <p className={s.lead}>Enter your email address and we'll send you instructions to reset your password.</p>
      <TextField label="Email" type="email" name="email" autoComplete="email" {...form.field('email')} />
      <Button type="submit" wide isPending={busy}>
        {busy ? 'Sending…' : 'Send Reset Link'}
      </Button>
      <p className={s.switchLine}>
        Remembered it?{' '}
        <button type="button" className={s.inlineLink} onClick={onBackToLogin}>
          Back to Login
        </button>
      </p>
    </form>
  );
}
