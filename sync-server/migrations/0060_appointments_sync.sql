-- The diary works offline (issue 20, DESIGN.md §5): appointments replicate to the owner's devices as
-- the `appointments` collection. The table takes the collection's name, text ids (a device makes its
-- own uuid; the feed orders by id as text) and the feed columns. Service and staff ids stay uuids.
ALTER TABLE booking_mails DROP CONSTRAINT booking_mails_workspace_id_appointment_id_fkey;
ALTER TABLE service_appointments RENAME TO appointments;
-- An id is its workspace's own (a device makes it): another workspace may hold the same one. A
-- customer's link names the workspace with the id (booking-token.ts).
DROP INDEX service_appointments_id;
ALTER INDEX service_appointments_diary RENAME TO appointments_diary;
ALTER INDEX service_appointments_upcoming RENAME TO appointments_upcoming;
ALTER INDEX service_appointments_deposit_holds RENAME TO appointments_deposit_holds;
ALTER TABLE appointments ALTER COLUMN id TYPE text USING id::text;
ALTER TABLE booking_mails ALTER COLUMN appointment_id TYPE text USING appointment_id::text;
ALTER TABLE booking_mails ADD CONSTRAINT booking_mails_appointment_fkey
  FOREIGN KEY (workspace_id, appointment_id) REFERENCES appointments (workspace_id, id) ON DELETE CASCADE;

-- Two live appointments of one person at one start: a device that booked offline may have taken a
-- time a customer booked online meanwhile, and both are kept for the owner to resolve (the diary
-- shows the clash). Online bookings still never share a start: the booking page checks under the
-- staff member's lock, and this index stays its last line of defence.
DROP INDEX service_appointments_one_start;
CREATE UNIQUE INDEX appointments_one_online_start ON appointments (workspace_id, consultant_id, start_at)
  WHERE status <> 'cancelled' AND source = 'online';

ALTER TABLE appointments ADD COLUMN server_seq bigint;
ALTER TABLE appointments ADD COLUMN server_version integer NOT NULL DEFAULT 1;
ALTER TABLE appointments ADD COLUMN deleted boolean NOT NULL DEFAULT false;

-- Existing appointments take their places in their workspace's feed, oldest first.
INSERT INTO sync_counters (workspace_id, seq) SELECT DISTINCT workspace_id, 0 FROM appointments ON CONFLICT (workspace_id) DO NOTHING;
UPDATE appointments a SET server_seq = c.seq + n.n
  FROM (SELECT workspace_id, id, row_number() OVER (PARTITION BY workspace_id ORDER BY created_at, id) AS n FROM appointments) n
  JOIN sync_counters c ON c.workspace_id = n.workspace_id
 WHERE a.workspace_id = n.workspace_id AND a.id = n.id;
UPDATE sync_counters c SET seq = c.seq + x.n
  FROM (SELECT workspace_id, count(*) AS n FROM appointments GROUP BY workspace_id) x
 WHERE c.workspace_id = x.workspace_id;
ALTER TABLE appointments ALTER COLUMN server_seq SET NOT NULL;
CREATE INDEX appointments_feed ON appointments (workspace_id, server_seq, id);

-- The server writes appointments too (online bookings, deposits, a customer's own cancel or move,
-- lapsed holds). Each such write takes the next number of the workspace's feed here, under the
-- workspace's sync lock, and tells the live channel, so the owner's devices pull it as they pull a
-- push. A push numbers its rows itself (a new server_seq): those pass through untouched. Writers
-- take the lock before anything else (bookings.repo `lockDiary`); taking it here again is free.
CREATE FUNCTION appointments_feed() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS
$$
DECLARE
  next_seq bigint;
BEGIN
  IF TG_OP = 'INSERT' AND NEW.server_seq IS NOT NULL THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.server_seq IS DISTINCT FROM OLD.server_seq THEN
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock(73510, NEW.workspace_id);
  INSERT INTO sync_counters (workspace_id, seq) VALUES (NEW.workspace_id, 1)
    ON CONFLICT (workspace_id) DO UPDATE SET seq = sync_counters.seq + 1
    RETURNING seq INTO next_seq;
  NEW.server_seq := next_seq;
  IF TG_OP = 'UPDATE' THEN
    NEW.server_version := OLD.server_version + 1;
  END IF;
  PERFORM pg_notify('vuka_sync', json_build_object('collection', 'appointments', 'workspace', NEW.workspace_id, 'seq', next_seq)::text);
  RETURN NEW;
END
$$;
CREATE TRIGGER appointments_feed BEFORE INSERT OR UPDATE ON appointments
  FOR EACH ROW EXECUTE FUNCTION appointments_feed();

-- The app's role wrote appointments through the diary's REST calls; it now also pushes them.
SELECT app_enable_workspace_rls('appointments', NULL, ARRAY['SELECT', 'INSERT', 'UPDATE']);
