import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { authContract } from '../../../schema/auth/contract';
import { messages, resetPasswordForm } from '../../../schema/kit/forms';
import { call } from '../../data/api';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { toast } from '../../ui/toast-store';
import * as s from './auth.css';
import { AuthLayout } from './auth-layout';
import { passwordsMatch, serverMessage, useZodForm } from '../../kit/forms/use-zod-form';

const route = getRouteApi('/reset-password');

/** /reset-password?token=… : the page the emailed reset link opens. */
export function ResetPasswordPage() {
  const { token } = route.useSearch();
  const navigate = useNavigate();
  const form = useZodForm(resetPasswordForm, { password: '', confirmPassword: '' }, { also: passwordsMatch(messages.passwordsMatch) });
  const busy = form.submitting;

  if (!token) {
    return (
      <AuthLayout>
        <h1 className={s.heading}>Reset your password</h1>
        <p className={s.lead}>This reset link is incomplete or has expired. Request a new one and use the link in the email.</p>
        <Link to="/auth" search={{ tab: 'reset-password' }}>
          Request a new reset link
        </Link>
      </AuthLayout>
    );
  }

  const submit = form.handleSubmit(
    async (body) => {
      await call(authContract.resetPassword, { body });
      toast({ title: 'Password reset successful', description: 'You can now log in with your new password.', variant: 'success' });
      void navigate({ to: '/auth' });
    },
    {
      extra: { token },
      onError: (err) =>
        toast({
          title: 'Password reset failed',
          description: serverMessage(err, 'An error occurred during password reset'),
          variant: 'destructive',
        }),
    },
  );

  return (
    <AuthLayout>
      <h1 className={s.heading}>Set a new password</h1>
      <p className={s.lead}>Choose a new password for your account.</p>
      <form className={s.form} onSubmit={submit} noValidate aria-label="Set a new password">
        <TextField label="New password" type="password" autoComplete="new-password" {...form.field('password')} />
        <TextField label="Confirm new password" type="password" autoComplete="new-password" {...form.field('confirmPassword')} />
        {form.errors.token ? <p role="alert">{form.errors.token}</p> : null}
        <Button type="submit" wide isPending={busy}>
          {busy ? 'Saving…' : 'Reset Password'}
        </Button>
      </form>
    </AuthLayout>
  );
}
