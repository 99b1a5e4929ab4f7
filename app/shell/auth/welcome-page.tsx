import { useNavigate, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { workspacesContract } from '../../../schema/workspaces/contract';
import { ApiError, call } from '../../data/api';
import { useAuth } from '../../data/auth-store';
import { refetchUser } from '../../data/session';
import { AccountMenu } from '../account/account-menu';
import { Button } from '../../ui/button';
import { ModalDialog } from '../../ui/modal-dialog';
import { toast } from '../../ui/toast-store';
import * as s from './auth.css';
import { VerificationBanner } from './email-verification';
import * as w from './welcome.css';
import { welcomeIcons } from './welcome-icons';

/** /welcome (spec §2 Welcome page): where a new account lands after registration. */
export function WelcomePage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const router = useRouter();
  const [posting, setPosting] = useState(false);
  const [verifiedOpen, setVerifiedOpen] = useState(false);
  if (!user) return null;

  // /classifieds/new, /subscription/topup and /settings belong to modules that may not have
  // registered their routes yet, so these go through history rather than typed navigation.
  const go = (path: string) => router.history.push(path);

  const postAnAd = async () => {
    if (user.credits <= 0) {
      go('/subscription/topup');
      return;
    }
    setPosting(true);
    try {
      await call(workspacesContract.autoCreate, { body: { name: `${user.name}'s Business`, type: 'classifieds' } });
      go('/classifieds/new');
    } catch (err) {
      toast({
        title: 'Could not set up your business',
        description: err instanceof ApiError ? err.serverMessage : 'Please try again',
        variant: 'destructive',
      });
    } finally {
      setPosting(false);
    }
  };

  const cards: { id: keyof typeof welcomeIcons; title: string; text: string; onPress: () => void }[] = [
    {
      id: 'create',
      title: 'Create Your Business',
      text: 'Set up a workspace for your shop, service or side hustle.',
      onPress: () => void navigate({ to: '/workspace/create' }),
    },
    {
      id: 'explore',
      title: 'Explore Tools',
      text: 'See everything you can run from your Control Hub.',
      onPress: () => void navigate({ to: '/controlhub' }),
    },
    { id: 'ad', title: 'Post an Ad', text: 'List something on the classifieds in a few minutes.', onPress: () => void postAnAd() },
    {
      id: 'unlock',
      title: 'Unlock All Features',
      text: 'Upgrade your plan for every module and higher limits.',
      onPress: () => go('/settings?tab=subscription'),
    },
  ];

  return (
    <main className={w.page}>
      <div className={w.top}>
        <div>
          <h1>Welcome, {user.name}!</h1>
          <p className={w.intro}>What would you like to do first?</p>
        </div>
        <AccountMenu />
      </div>
      {user.verified ? null : (
        <VerificationBanner
          email={user.email}
          onVerified={() => {
            setVerifiedOpen(true);
            void refetchUser();
          }}
        />
      )}
      <div className={w.grid}>
        {cards.map((c) => (
          <AriaButton key={c.id} className={w.cardButton} onPress={c.onPress} isPending={c.id === 'ad' && posting}>
            <span className={w.cardIcon}>{welcomeIcons[c.id]}</span>
            <span className={w.cardTitle}>{c.title}</span>
            <span className={w.cardText}>{c.text}</span>
          </AriaButton>
        ))}
      </div>
      <Button variant="ghost" className={w.skip} onPress={() => void navigate({ to: '/controlhub' })}>
        Skip For Now
      </Button>
      <ModalDialog title="Email Verified Successfully" isOpen={verifiedOpen} onOpenChange={setVerifiedOpen}>
        <div className={s.success}>
          <span className={s.successIcon} aria-hidden="true">
            ✓
          </span>
          <p className={s.lead}>Your email address is verified. Your account is ready to use.</p>
          {/* /dashboard opens the workspace, or starts the first one when there is none. */}
          <Button wide onPress={() => void navigate({ to: '/dashboard' })}>
            Continue to Dashboard
          </Button>
        </div>
      </ModalDialog>
    </main>
  );
}
