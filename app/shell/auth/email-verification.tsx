import { useEffect, useState, type FormEvent } from 'react';
import { authContract } from '../../../schema/auth/contract';
import { messages, verificationCodeForm } from '../../../schema/kit/forms';
import { ApiError, call } from '../../data/api';
import { signIn } from '../../data/session';
import { Button } from '../../ui/button';
import { ModalDialog } from '../../ui/modal-dialog';
import { TextField } from '../../ui/text-field';
import { toast } from '../../ui/toast-store';
import * as s from './auth.css';
import { serverMessage, useZodForm } from '../../kit/forms/use-zod-form';
import * as w from './welcome.css';

/** spec §9: resend cooldown. */
export const RESEND_COOLDOWN_SECONDS = 60;

export function secondsLeft(until: number, now: number): number {
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/** Seconds the resend button stays disabled: the server's figure when it gives one, else 60. */
export function cooldownSeconds(reported: number | undefined): number {
  return reported !== undefined && reported > 0 ? reported : RESEND_COOLDOWN_SECONDS;
}

function useCountdown(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= Date.now()) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    setNow(Date.now());
    return () => clearInterval(t);
  }, [until]);
  return secondsLeft(until, now);
}

/** The dismissible banner for unverified users (spec §2 Welcome page, §4 Email verification). */
export function VerificationBanner({ email, onVerified }: { email: string; onVerified: () => void }) {
  const [dismissed, setDismissed] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [until, setUntil] = useState(0);
  const [sending, setSending] = useState(false);
  const left = useCountdown(until);

  const resend = async () => {
    setSending(true);
    try {
      const res = await call(authContract.resendVerification, {});
      toast({ title: 'Verification email sent', description: 'Please check your inbox for the verification code.', variant: 'success' });
      setUntil(Date.now() + cooldownSeconds(res.secondsRemaining) * 1000);
    } catch (err) {
      const wait = err instanceof ApiError ? err.body?.secondsRemaining : undefined;
      if (wait !== undefined && wait > 0) {
        toast({ title: 'Please wait', description: `You can request another verification code in ${wait} seconds` });
        setUntil(Date.now() + wait * 1000);
      } else {
        toast({
          title: 'Failed to send verification email',
          description: serverMessage(err, 'Please try again later'),
          variant: 'destructive',
        });
      }
    } finally {
      setSending(false);
    }
  };

  if (dismissed) return null;
  return (
    <section className={w.banner} aria-label="Verify your email">
      <div className={w.bannerText}>
        <strong>Verify your email address</strong>
        <span>We sent a 6-digit code to {email}. Enter it to verify your account.</span>
      </div>
      <div className={w.bannerActions}>
        <Button className={w.bannerButton} onPress={() => setDialogOpen(true)}>
          Enter Verification Code
        </Button>
        <Button className={w.bannerButton} variant="secondary" onPress={() => void resend()} isDisabled={left > 0} isPending={sending}>
          {left > 0 ? `Resend Code (${left}s)` : 'Resend Code'}
        </Button>
        <button type="button" className={w.bannerClose} aria-label="Dismiss" onClick={() => setDismissed(true)}>
          ×
        </button>
      </div>
      <VerifyCodeDialog
        isOpen={dialogOpen}
        onClose={() => setDialogOpen(false)}
        onVerified={() => {
          setDialogOpen(false);
          onVerified();
        }}
      />
    </section>
  );
}

function VerifyCodeDialog({ isOpen, onClose, onVerified }: { isOpen: boolean; onClose: () => void; onVerified: () => void }) {
  const form = useZodForm(verificationCodeForm, { code: '' });
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = form.validate();
    if (!body) return;
    setBusy(true);
    try {
      const res = await call(authContract.verifyEmail, { body });
      signIn(res.user);
      toast({ title: 'Email verified', variant: 'success' });
      form.reset();
      onVerified();
    } catch (err) {
      form.setErrors({ code: messages.invalidCode });
      toast({
        title: 'Verification failed',
        description: serverMessage(err, 'Please check your code and try again'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalDialog title="Enter Verification Code" isOpen={isOpen} onOpenChange={(open) => !open && onClose()}>
      <form className={s.form} onSubmit={submit} noValidate>
        <p className={s.lead}>Enter the 6-digit code from the email we sent you.</p>
        <TextField
          label="Verification code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          {...form.field('code')}
          autoFocus
        />
        <div className={s.dialogActions}>
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit" isPending={busy}>
            Verify
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
