import { getRouteApi } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { map } from 'rxjs';
import { eventsContract as c } from '../../../schema/events/contract';
import { eventMessages, type DoorKit } from '../../../schema/events/events';
import { call } from '../../data/api';
import type { UserData } from '../../data/db';
import { useLiveQuery } from '../../data/use-live-query';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Notice } from '../../ui/feedback';
import * as w from '../../ui/page.css';
import { TextField } from '../../ui/text-field';
import { deviceId } from '../invoices';
import { useOnline } from '../../kit/online';
import { DeviceDataGate } from '../../kit/device-data-gate';
import { DoorCamera } from './door-camera';
import { checkTicket, keepKit, storedKit, type Verdict } from './door-check';
import { EventNav } from './event-nav';
import * as s from './events.css';
import { useWorkspaceDates } from '../../kit/date-format';

const route = getRouteApi('/protected/workspace/$workspaceId/events/$eventId/door');
const NAME_KEY = 'vuka-door-name';

/** /workspace/{id}/events/{event_id}/door: scan or type a ticket code; the answer comes at once, offline. */
export function DoorPage() {
  const { workspaceId, eventId } = route.useParams();
  return (
    <section className={w.page} aria-labelledby="door-title">
      <div className={w.pageHeader}>
        <h1 id="door-title" className={w.title}>
          Door check-in
        </h1>
      </div>
      <EventNav workspaceId={workspaceId} eventId={eventId} />
      <DeviceDataGate inline>{(data) => <Door data={data} workspaceId={workspaceId} eventId={eventId} />}</DeviceDataGate>
    </section>
  );
}

function useDoorKit(workspaceId: number, eventId: string) {
  const online = useOnline();
  const [kit, setKit] = useState<DoorKit | null>(() => storedKit(eventId));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!online) return;
    let live = true;
    call(c.doorKit, { params: { id: workspaceId, eventId } }).then(
      (fresh) => {
        keepKit(fresh);
        if (live) {
          setKit(fresh);
          setError(null);
        }
      },
      (err: unknown) => live && setError(err instanceof Error ? err.message : String(err)),
    );
    return () => {
      live = false;
    };
  }, [online, workspaceId, eventId]);
  return { kit, error, online };
}

function Door({ data, workspaceId, eventId }: { data: UserData; workspaceId: number; eventId: string }) {
  const { kit, error, online } = useDoorKit(workspaceId, eventId);
  const dates = useWorkspaceDates();
  const [code, setCode] = useState('');
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [deviceName] = useState(() => localStorage.getItem(NAME_KEY) ?? `Door ${deviceId().slice(0, 4).toUpperCase()}`);
  const input = useRef<HTMLInputElement | null>(null);
  const admitted = useLiveQuery(
    () =>
      data.db.check_ins
        .find({ selector: { workspace_id: workspaceId, event_id: eventId } })
        .$.pipe(map((docs) => new Set(docs.map((d) => d.ticket_id)).size)),
    [data, workspaceId, eventId],
  );

  const check = useCallback(
    async (scanned: string) => {
      if (!kit) return;
      const result = await checkTicket(data, { code: scanned, kit, workspaceId, deviceId: deviceId(), deviceName, now: new Date() });
      setVerdict(result);
      setCode('');
      input.current?.focus();
    },
    [data, kit, workspaceId, deviceName],
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    if (code.trim()) void check(code.trim());
  }

  if (!kit) {
    return error ? (
      <Notice tone="error" title="The door could not get ready">
        <p className={w.muted}>{error}</p>
      </Notice>
    ) : (
      <Notice tone="info" title={online ? 'Getting the door ready…' : 'Not ready for offline scanning'}>
        <p className={w.muted}>{online ? 'Fetching the event key and the revocation list.' : eventMessages.noKey}</p>
      </Notice>
    );
  }
  const count = admitted.status === 'ready' ? admitted.data : 0;
  return (
    <div className={w.stack}>
      <Card>
        <p className={s.counter} aria-live="polite">
          {count} admitted of {kit.sold} sold
        </p>
        <p className={w.muted}>
          {kit.title} · {deviceName} · {online ? 'online' : 'offline'} · revocation list from {dates.dateTime(kit.fetched_at)}
        </p>
      </Card>
      <div role="status" aria-live="assertive">
        {verdict ? <VerdictBox verdict={verdict} /> : null}
      </div>
      <DoorCamera onCode={(c2) => void check(c2)} />
      <Card>
        <form className={w.stack} onSubmit={submit} aria-label="Check a ticket">
          <TextField
            label="Ticket code"
            value={code}
            onChange={setCode}
            autoFocus
            placeholder="VK1.…"
            description="Scan, or type the code printed on the ticket"
          />
          <Button type="submit" isDisabled={!code.trim()}>
            Check ticket
          </Button>
        </form>
      </Card>
    </div>
  );
}

function VerdictBox({ verdict }: { verdict: Verdict }) {
  const dates = useWorkspaceDates();
  if (verdict.kind === 'admit') {
    return (
      <div className={`${s.verdictBox} ${s.verdict.admit}`}>
        <p className={s.verdictTitle}>Admit</p>
        <p>Valid ticket · admitted at {dates.time(verdict.at)}</p>
      </div>
    );
  }
  if (verdict.kind === 'again') {
    return (
      <div className={`${s.verdictBox} ${s.verdict.again}`}>
        <p className={s.verdictTitle}>{eventMessages.alreadyAdmitted}</p>
        <p>
          First admitted at {dates.time(verdict.firstAt)} by {verdict.firstDevice}
        </p>
      </div>
    );
  }
  return (
    <div className={`${s.verdictBox} ${s.verdict.refuse}`}>
      <p className={s.verdictTitle}>Refused</p>
      <p>{verdict.message}</p>
    </div>
  );
}
