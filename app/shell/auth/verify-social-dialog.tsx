import { useState, type FormEvent } from 'react';
import type { UserDto } from '../../../schema/accounts/accounts';
import { authContract } from '../../../schema/auth/contract';
import { socialEmailForm } from '../../../schema/kit/forms';
import { call } from '../../data/api';
import { Button } from '../../ui/button';
import { ModalDialog } from '../../ui/modal-dialog';
import { TextField } from '../../ui/text-field';
import { toast } from '../../ui/toast-store';
import * as s from './auth.css';
import { serverFieldErrors, serverMessage, useZodForm, zodFieldErrors } from '../../kit/forms/use-zod-form';

/**
 * 'Verify Your Email' (spec §2 Auth page): a social sign-in whose provider gave no e-mail finishes
 * here: the person gives an address, receives a 6-digit code and enters it.
 */
export function VerifySocialDialog({
  isOpen,
  onClose,
  onVerified,
}: {
  isOpen: boolean;
  onClose: () => void;
  onVerified: (user: UserDto) => void;
}) {
  const form = useZodForm(socialEmailForm, { email: '', verification_code: '' });
  const [sending, setSending] = useState(false);
  const [verifying, setVerifying] = useState(false);

  const sendCode = async () => {
    const parsed = socialEmailForm.shape.email.safeParse(form.values.email);
    if (!parsed.success) {
      form.setErrors({ email: zodFieldErrors(parsed.error)._ });
      return;
    }
    setSending(true);
    try {
      await call(authContract.socialSendCode, { body: { email: parsed.data } });
      toast({ title: 'Verification code sent', description: 'Please check your email for the 6-digit verification code' });
    } catch (err) {
      form.setErrors(serverFieldErrors(err));
      toast({ title: 'Error sending verification code', description: 'Please try again in a few minutes', variant: 'destructive' });
    } finally {
      setSending(false);
    }
  };

  const verify = async (e: FormEvent) => {
    e.preventDefault();
    const body = form.validate();
    if (!body) return;
    setVerifying(true);
    try {
      const { user } = await call(authContract.verifySocialEmail, { body });
      toast({ title: 'Email verified', variant: 'success' });
      onVerified(user);
    } catch (err) {
      form.setErrors(serverFieldErrors(err));
      toast({
        title: 'Verification failed',
        description: serverMessage(err, 'Please check your code and try again'),
        variant: 'destructive',
      });
    } finally {
      setVerifying(false);
    }
  };

  return (
    <ModalDialog title="Verify Your Email" isOpen={isOpen} onOpenChange={(open) => !open && onClose()}>
      <form className={s.form} onSubmit={verify} noValidate>
        <p className={s.lead}>Enter your email address to receive a 6-digit code and finish signing up.</p>
        <div className={s.codeRow}>
          <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
          <Button variant="secondary" onPress={() => void sendCode()} isPending={sending}>
            Send code
          </Button>
        </div>
        <TextField
          label="Verification code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          {...form.field('verification_code')}
        />
        <div className={s.dialogActions}>
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit" isPending={verifying}>
            Verify
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
