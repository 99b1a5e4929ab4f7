import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useAuth } from '../../data/auth-store';
import { Card } from '../../ui/card';
import { SwitchField } from '../../ui/form-controls';
import { ModeSwitcher } from '../../ui/mode-switcher';
import { PageSpinner, Spinner } from '../../ui/spinner';
import { Tabs } from '../../ui/tabs';
import * as s from '../../ui/page.css';
import { AccountHeader, AccountNav } from './account-header';
import { ChangePassword } from './change-password';
import { settingsTab, type SettingsTab } from '../../routes/settings-search';
import { SubscriptionTab } from './subscription-tab';
import { dataSaver, LARGE_FILE_BYTES } from '../../kit/data-saver';

const route = getRouteApi('/protected/settings');

// The choices are read from and saved to the server: online only, so not part of the install.
const NotificationChoicesCard = lazy(() =>
  import('../notifications/notification-choices').then((m) => ({ default: m.NotificationChoicesCard })),
);

/** /settings with typed `?tab=`: Account, Appearance, Notifications, Data saver, Subscription. */
export function SettingsPage() {
  const { tab, reference } = route.useSearch();
  const navigate = useNavigate();
  const { user } = useAuth();
  if (!user) return <PageSpinner />;
  const selected: SettingsTab = tab ?? 'account';

  return (
    <main className={`${s.page} ${s.narrow}`}>
      <AccountHeader title="Settings" />
      <AccountNav />
      <Tabs
        label="Settings"
        selectedKey={selected}
        onSelectionChange={(key) => {
          const next = settingsTab.safeParse(key);
          if (next.success) void navigate({ to: '/settings', search: { tab: next.data }, replace: true });
        }}
        tabs={[
          { id: 'account', title: 'Account', content: <ChangePassword /> },
          {
            id: 'appearance',
            title: 'Appearance',
            content: (
              <Card aria-labelledby="appearance-title">
                <h2 className={s.sectionTitle} id="appearance-title">
                  Theme
                </h2>
                <div className={s.stack}>
                  <p className={s.muted}>
                    Light, dark, or follow your device. Workspace pages keep their own choice, set from inside a workspace.
                  </p>
                  <ModeSwitcher theme="public" />
                </div>
              </Card>
            ),
          },
          {
            id: 'notifications',
            title: 'Notifications',
            content: (
              <Suspense fallback={<Spinner label="Loading notification choices" />}>
                <NotificationChoicesCard />
              </Suspense>
            ),
          },
          {
            id: 'data',
            title: 'Data saver',
            content: <DataSaverCard />,
          },
          { id: 'subscription', title: 'Subscription', content: <SubscriptionTab user={user} reference={reference} /> },
        ]}
      />
    </main>
  );
}

/** Data saver, for this device: pictures only when tapped, large uploads only on Wi-Fi or when asked. */
function DataSaverCard() {
  const on = dataSaver.use();
  return (
    <Card aria-labelledby="data-saver-title">
      <h2 className={s.sectionTitle} id="data-saver-title">
        Data saver
      </h2>
      <div className={s.stack}>
        <p className={s.muted}>
          For this device. Pictures load only when you tap them, and files over {LARGE_FILE_BYTES / 1024 / 1024} MB upload only on Wi-Fi or
          when you choose Upload now. Your sales, invoices and other records still sync as usual.
        </p>
        <SwitchField isSelected={on} onChange={(v) => dataSaver.set(v)}>
          Save mobile data
        </SwitchField>
      </div>
    </Card>
  );
}
