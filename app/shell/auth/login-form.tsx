import type { UserDto } from '../../../schema/accounts/accounts';
import { authContract } from '../../../schema/auth/contract';
import { loginForm } from '../../../schema/kit/forms';
import { ApiError, call } from '../../data/api';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { toast } from '../../ui/toast-store';
import * as s from './auth.css';
import { useZodForm } from '../../kit/forms/use-zod-form';
import { SocialButtons } from './social-buttons';

/** spec §8: the server's message, else 'Login failed: {status}', else 'Login failed'. */
export function loginFailureMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.body?.message) return err.body.message;
    if (err.status > 0) return `Login failed: ${err.status}`;
  }
  return 'Login failed';
}

export function LoginForm({
  email = '',
  onSignedIn,
  onRegister,
}: {
  /** An address to start with (the one an invitation was sent to). */
  email?: string;
  onSignedIn: (user: UserDto) => void;
  onRegister: () => void;
}) {
  const form = useZodForm(loginForm, { email, password: '' });
  const busy = form.submitting;
  const submit = form.handleSubmit(
    async (body) => {
      const { user } = await call(authContract.login, { body });
      toast({ title: 'Login successful', description: 'Welcome back! Your session is now active for 30 days.', variant: 'success' });
      onSignedIn(user);
    },
    { onError: (err) => toast({ title: 'Login failed', description: loginFailureMessage(err), variant: 'destructive' }) },
  );

  return (
    <form className={s.form} onSubmit={submit} noValidate aria-label="Log in">
      <TextField label="Email" type="email" name="email" autoComplete="email" {...form.field('email')} />
      <TextField label="Password" type="password" name="password" autoComplete="current-password" {...form.field('password')} />
      <Button type="submit" wide isPending={busy}>
        {busy ? 'Logging in…' : 'Log In'}
      </Button>
      <SocialButtons />
      <p className={s.switchLine}>
        Don't have an account?{' '}
        <button type="button" className={s.inlineLink} onClick={onRegister}>
          Register
        </button>
      </p>
    </form>
  );
}
