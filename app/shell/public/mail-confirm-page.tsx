import { useMutation } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { mailContract } from '../../../schema/mail/contract';
import { mailConfirmToken, mailConsentMessages as msg } from '../../../schema/mail/mail-consent';
import { call } from '../../data/api';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/feedback';
import * as w from '../../ui/page.css';
import { serverMessage } from '../../kit/workspace-queries';
import { PublicLayout } from './layout/public-layout';
import * as p from './page.css';
import { usePageMeta } from '../../kit/page-meta';

const route = getRouteApi('/mail/confirm');

/**
 * /mail/confirm?token=…, from the opt-in mail: opening it changes nothing (a mail scanner that
 * follows links confirms nobody); the button posts the token, and what was held is sent.
 */
export function MailConfirmPage() {
  usePageMeta({ title: msg.pageTitle, description: msg.pageIntro });
  const { token } = route.useSearch();
  const confirm = useMutation({ mutationFn: () => call(mailContract.confirm, { body: { token: token ?? '' } }) });
  const complete = mailConfirmToken.safeParse(token).success;
  return (
    <PublicLayout>
      <section aria-labelledby="mail-confirm-title" className={p.section}>
        <div className={`${p.container} ${w.stack}`}>
          <h1 id="mail-confirm-title" className={w.title}>
            {msg.pageTitle}
          </h1>
          {confirm.isSuccess ? (
            <Notice tone="info" title={confirm.data.message} />
          ) : !complete ? (
            <Notice tone="error" title={msg.invalidLink} />
          ) : (
            <>
              <p className={p.lead}>{msg.pageIntro}</p>
              {confirm.isError ? <Notice tone="error" title={serverMessage(confirm.error)} /> : null}
              <div className={p.ctaRow}>
                <Button onPress={() => confirm.mutate()} isPending={confirm.isPending}>
                  {msg.confirmButton}
                </Button>
              </div>
            </>
          )}
        </div>
      </section>
    </PublicLayout>
  );
}
