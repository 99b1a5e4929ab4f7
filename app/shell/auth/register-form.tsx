import type { z } from 'zod';
import type { registerPlan, UserDto } from '../../../schema/accounts/accounts';
import { authContract } from '../../../schema/auth/contract';
import { messages, registerForm } from '../../../schema/kit/forms';
import { call } from '../../data/api';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { TextField } from '../../ui/text-field';
import { toast } from '../../ui/toast-store';
import * as s from './auth.css';
import { passwordsMatch, serverMessage, useZodForm } from '../../kit/forms/use-zod-form';
import { SocialButtons } from './social-buttons';

type Plan = z.infer<typeof registerPlan>;

export function RegisterForm({
  plan,
  email = '',
  onRegistered,
  onLogin,
}: {
  plan?: Plan;
  /** An address to start with (the one an invitation was sent to). */
  email?: string;
  onRegistered: (user: UserDto) => void;
  onLogin: () => void;
}) {
  const form = useZodForm(
    registerForm,
    {
      full_name: '',
      email,
      password: '',
      confirmPassword: '',
      age_confirmed: false,
      terms_accepted: false,
    },
    { also: passwordsMatch(messages.passwordsMatch) },
  );
  const busy = form.submitting;

  const submit = form.handleSubmit(
    async (body) => {
      const { user } = await call(authContract.register, { body: { ...body, plan } });
      toast({ title: 'Registration successful!', description: 'Your account has been created.', variant: 'success' });
      onRegistered(user);
    },
    {
      onError: (err) =>
        toast({
          title: 'Registration failed',
          description: serverMessage(err, 'An error occurred during registration'),
          variant: 'destructive',
        }),
    },
  );

  return (
    <form className={s.form} onSubmit={submit} noValidate aria-label="Register">
      <TextField label="Full name" name="full_name" autoComplete="name" {...form.field('full_name')} />
      <TextField label="Email" type="email" name="email" autoComplete="email" {...form.field('email')} />
      <TextField label="Password" type="password" name="password" autoComplete="new-password" {...form.field('password')} />
      <TextField
        label="Confirm password"
        type="password"
        name="confirmPassword"
        autoComplete="new-password"
        {...form.field('confirmPassword')}
      />
      <Checkbox isSelected={form.values.age_confirmed} onChange={(v) => form.set('age_confirmed', v)} error={form.errors.age_confirmed}>
        I confirm that I am at least 18 years old
      </Checkbox>
      <Checkbox isSelected={form.values.terms_accepted} onChange={(v) => form.set('terms_accepted', v)} error={form.errors.terms_accepted}>
        I accept the{' '}
        <a href="/terms" target="_blank" rel="noopener" onClick={(e) => e.stopPropagation()}>
          Terms of Service
        </a>{' '}
        and{' '}
        <a href="/privacy" target="_blank" rel="noopener" onClick={(e) => e.stopPropagation()}>
          Privacy Policy
        </a>
      </Checkbox>
      <Button type="submit" wide isPending={busy}>
        {busy ? 'Creating account…' : 'Create Account'}
      </Button>
      <SocialButtons />
      <p className={s.switchLine}>
        Already have an account?{' '}
        <button type="button" className={s.inlineLink} onClick={onLogin}>
          Log in
        </button>
      </p>
    </form>
  );
}
