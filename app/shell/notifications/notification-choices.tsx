import { useEffect, useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { notificationKinds, type ChannelChoice, type NotificationKind } from '../../../schema/notifications/notifications';
import { changedKinds, choiceKinds, type Kinds } from './choices';
import { serverMessage } from '../../kit/workspace-queries';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { LoadError, Notice } from '../../ui/feedback';
import { SwitchField } from '../../ui/form-controls';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast-store';
import * as w from '../../ui/page.css';
import { pushPermission, pushSupported, subscribeThisDevice } from './push-subscription';
import { useNotificationChoices, usePushKey, useSaveChoices } from './use-choices';
import * as s from './choices.css';

/**
 * Settings › Notifications: for each kind, whether it is e-mailed and (where this server sends
 * push and this browser takes it) pushed to the person's devices. The bell always shows every kind.
 */
export function NotificationChoicesCard() {
  const choices = useNotificationChoices();
  const pushKey = usePushKey();
  return (
    <Card aria-labelledby="notification-choices-title">
      <h2 className={w.sectionTitle} id="notification-choices-title">
        Notifications
      </h2>
      {choices.data ? (
        <ChoicesForm saved={choices.data.kinds} pushKey={pushSupported() ? (pushKey.data ?? null) : null} />
      ) : choices.isError ? (
        <LoadError
          title="Couldn't load your notification choices"
          message={serverMessage(choices.error)}
          onRetry={() => void choices.refetch()}
        />
      ) : (
        <Spinner label="Loading notification choices" />
      )}
    </Card>
  );
}

function ChoicesForm({ saved, pushKey }: { saved: Kinds; pushKey: string | null }) {
  const [edited, setEdited] = useState<Kinds>(saved);
  const [refused, setRefused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  // The key may arrive after the choices; the browser's answer is read again each time.
  const denied = pushKey !== null && (refused || pushPermission() === 'denied');
  const [asking, setAsking] = useState(false);
  const save = useSaveChoices();
  useEffect(() => setEdited(saved), [saved]);

  const changes = changedKinds(saved, edited);
  const dirty = Object.keys(changes).length > 0;
  const set = (kind: NotificationKind, patch: Partial<ChannelChoice>) =>
    setEdited((prev) => ({ ...prev, [kind]: { ...(prev[kind] ?? { email: false, push: false }), ...patch } }));

  // Push on needs this device subscribed: the browser asks once, from the tap that turned it on.
  const setPush = async (kind: NotificationKind, on: boolean) => {
    if (!on || pushKey === null) return set(kind, { push: on });
    setAsking(true);
    try {
      const outcome = await subscribeThisDevice(pushKey);
      setDismissed(outcome === 'dismissed');
      if (outcome === 'denied') setRefused(true);
      else if (outcome === 'subscribed') set(kind, { push: true });
    } catch (err) {
      toast({ title: 'Push notifications could not be turned on', description: serverMessage(err), variant: 'destructive' });
    } finally {
      setAsking(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!dirty) return;
    save.mutate(changes, {
      onSuccess: () => toast({ title: 'Notification choices saved', variant: 'success' }),
      onError: (err) => toast({ title: 'Update failed', description: serverMessage(err), variant: 'destructive' }),
    });
  };

  return (
    <Form className={w.stack} onSubmit={submit}>
      <p className={w.muted}>
        The bell in each workspace shows everything. Choose what also reaches you by e-mail
        {pushKey !== null ? ' or as a push notification on this device' : ''}.
      </p>
      {denied ? (
        <Notice tone="warning">
          <p className={w.muted}>
            This browser blocks notifications from this site, so push is off. To turn it on, allow notifications in the browser's site
            settings, then come back here.
          </p>
        </Notice>
      ) : dismissed ? (
        <Notice tone="info">
          <p className={w.muted}>
            Push stays off until you allow notifications when the browser asks. Turn a push choice on to be asked again.
          </p>
        </Notice>
      ) : null}
      <table className={s.choices}>
        <thead>
          <tr>
            <th scope="col" className={s.choiceKindHead}>
              When
            </th>
            <th scope="col" className={s.choiceHead}>
              E-mail
            </th>
            {pushKey !== null ? (
              <th scope="col" className={s.choiceHead}>
                Push
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {choiceKinds.map((kind) => {
            const label = notificationKinds[kind].label;
            const choice = edited[kind] ?? { email: false, push: false };
            return (
              <tr key={kind} data-kind={kind}>
                <th scope="row" className={s.choiceKind}>
                  {label}
                </th>
                <td className={s.choiceCell}>
                  <span className={s.cellSwitch}>
                    <SwitchField isSelected={choice.email} onChange={(on) => set(kind, { email: on })}>
                      <span className={w.visuallyHidden}>E-mail: {label}</span>
                    </SwitchField>
                  </span>
                </td>
                {pushKey !== null ? (
                  <td className={s.choiceCell}>
                    <span className={s.cellSwitch}>
                      <SwitchField
                        isSelected={choice.push}
                        isDisabled={asking || (denied && !choice.push)}
                        onChange={(on) => void setPush(kind, on)}
                      >
                        <span className={w.visuallyHidden}>Push: {label}</span>
                      </SwitchField>
                    </span>
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className={w.formActions}>
        <Button variant="secondary" isDisabled={!dirty || save.isPending} onPress={() => setEdited(saved)}>
          Undo changes
        </Button>
        <Button type="submit" isDisabled={!dirty} isPending={save.isPending}>
          Save choices
        </Button>
      </div>
    </Form>
  );
}
