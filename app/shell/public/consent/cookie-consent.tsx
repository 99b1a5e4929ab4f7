import { useEffect, useId, useRef, useState } from 'react';
import { PlainButton } from '../../../ui/plain-button';
import { consentSetting, saveConsent, useConsentUi, type ConsentChoice } from './consent-store';
import * as s from './cookie-consent.css';

/**
 * Global cookie consent (spec §4): shown while no choice is stored; Accept All, Reject All, or
 * Settings with toggles (necessary always on), Back and Save Settings. Every choice is stored and
 * passed to the tag loader, which loads analytics/marketing only when allowed. It sits at the top
 * of the page, in its flow, so it never covers what the page asks of the person (Create Account,
 * the landing's first button), on a phone least of all.
 */
export function CookieConsent() {
  const consent = consentSetting.use();
  const reopened = useConsentUi((st) => st.reopened);

  // Apply the stored choice on every page load, and whenever it changes. The tag loader comes after
  // the first paint; the latest choice is the one applied.
  useEffect(() => {
    let current = true;
    void import('./tracking').then(({ applyConsent }) => {
      if (current) applyConsent(consent);
    });
    return () => {
      current = false;
    };
  }, [consent]);

  if (consent && !reopened) return null;
  return <ConsentPanel current={consent} startInSettings={reopened} />;
}

function ConsentPanel({ current, startInSettings }: { current: ConsentChoice | null; startInSettings: boolean }) {
  const [view, setView] = useState<'summary' | 'settings'>(startInSettings ? 'settings' : 'summary');
  const [analytics, setAnalytics] = useState(current?.analytics ?? false);
  const [marketing, setMarketing] = useState(current?.marketing ?? false);
  const titleId = useId();
  const panel = useRef<HTMLElement>(null);

  // Reopened from the footer, the settings are at the top of the page: take the person there.
  useEffect(() => {
    if (startInSettings) panel.current?.focus();
  }, [startInSettings]);

  return (
    <section ref={panel} aria-labelledby={titleId} className={s.panel} tabIndex={-1} data-testid="cookie-consent">
      <div className={s.inner}>
        <h2 id={titleId} className={s.title}>
          {view === 'summary' ? 'We use cookies' : 'Cookie Settings'}
        </h2>
        {view === 'summary' ? (
          <>
            <p className={s.text}>
              Necessary cookies keep you signed in and the site working. With your permission we also use analytics cookies to learn how the
              site is used, and marketing cookies to measure our adverts.
            </p>
            <div className={s.buttons}>
              <PlainButton onClick={() => saveConsent({ analytics: true, marketing: true })}>Accept All</PlainButton>
              <PlainButton variant="secondary" onClick={() => saveConsent({ analytics: false, marketing: false })}>
                Reject All
              </PlainButton>
              <PlainButton variant="ghost" onClick={() => setView('settings')}>
                Settings
              </PlainButton>
            </div>
          </>
        ) : (
          <>
            <Toggle label="Necessary" description="Sign-in, security and your choices on this page. Always on." checked disabled />
            <Toggle
              label="Analytics"
              description="Anonymous statistics about which pages are used."
              checked={analytics}
              onChange={setAnalytics}
            />
            <Toggle
              label="Marketing"
              description="Measures whether our adverts reach people."
              checked={marketing}
              onChange={setMarketing}
            />
            <div className={s.buttons}>
              <PlainButton variant="secondary" onClick={() => (current ? useConsentUi.setState({ reopened: false }) : setView('summary'))}>
                Back
              </PlainButton>
              <PlainButton onClick={() => saveConsent({ analytics, marketing })}>Save Settings</PlainButton>
            </div>
          </>
        )}
      </div>
    </section>
  );
}

function Toggle(props: { label: string; description: string; checked: boolean; disabled?: boolean; onChange?: (v: boolean) => void }) {
  const id = useId();
  return (
    <div className={s.option}>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className={s.switchInput}
        checked={props.checked}
        disabled={props.disabled}
        aria-describedby={`${id}-d`}
        onChange={(e) => props.onChange?.(e.target.checked)}
      />
      <div>
        <label htmlFor={id} className={s.optionLabel}>
          {props.label}
        </label>
        <span id={`${id}-d`} className={s.text}>
          {props.description}
        </span>
      </div>
    </div>
  );
}
