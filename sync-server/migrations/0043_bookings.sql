-- Services and appointment booking (spec §3 "Storefront and services", issue 20): the services a
-- workspace sells, the staff (consultants) who perform them with weekly hours, recurring days off and
-- time off, the availability rules, and the diary's appointments with the customer's details (spec
-- service_bookings' customer_name, customer_email, customer_phone, cancel_reason, payment_status).
-- Customers are not members: the public booking runs unscoped with the service's workspace named.

CREATE TABLE booking_settings (
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  rules jsonb NOT NULL DEFAULT '{}'::jsonb,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id)
);

CREATE TABLE consultants (
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  id uuid NOT NULL,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  email text,
  -- Weekday ("0" = Sunday) → [{ start: "HH:mm", end: "HH:mm" }], wall-clock in the workspace's zone.
  working_hours jsonb NOT NULL DEFAULT '{}'::jsonb,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id)
);
CREATE UNIQUE INDEX consultants_id ON consultants (id);

-- Time off (a stretch of instants) and recurring unavailable weekdays, one row each.
CREATE TABLE consultant_unavailability (
  workspace_id integer NOT NULL,
  id uuid NOT NULL,
  consultant_id uuid NOT NULL,
  weekday smallint CHECK (weekday BETWEEN 0 AND 6),
  starts_at timestamptz,
  ends_at timestamptz,
  reason text NOT NULL DEFAULT '' CHECK (length(reason) <= 200),
  CHECK ((weekday IS NOT NULL AND starts_at IS NULL AND ends_at IS NULL) OR (weekday IS NULL AND starts_at < ends_at)),
  PRIMARY KEY (workspace_id, id),
  FOREIGN KEY (workspace_id, consultant_id) REFERENCES consultants (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX consultant_unavailability_of ON consultant_unavailability (workspace_id, consultant_id);
CREATE UNIQUE INDEX consultant_unavailability_weekday ON consultant_unavailability (workspace_id, consultant_id, weekday) WHERE weekday IS NOT NULL;

CREATE TABLE services (
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  id uuid NOT NULL,
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 120),
  description text NOT NULL DEFAULT '' CHECK (length(description) <= 2000),
  price_cents bigint NOT NULL DEFAULT 0 CHECK (price_cents >= 0),
  currency text NOT NULL DEFAULT 'ZAR' CHECK (length(currency) = 3),
  duration_minutes integer NOT NULL CHECK (duration_minutes BETWEEN 5 AND 720),
  category text NOT NULL DEFAULT '',
  featured boolean NOT NULL DEFAULT false,
  is_public boolean NOT NULL DEFAULT true,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
  -- The service's own availability rules; a rule it leaves out is the workspace's.
  availability jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id)
);
CREATE UNIQUE INDEX services_id ON services (id);
CREATE INDEX services_public ON services (featured DESC, created_at DESC) WHERE is_public AND status = 'active';

-- Who can perform a service.
CREATE TABLE service_staff (
  workspace_id integer NOT NULL,
  service_id uuid NOT NULL,
  consultant_id uuid NOT NULL,
  PRIMARY KEY (workspace_id, service_id, consultant_id),
  FOREIGN KEY (workspace_id, service_id) REFERENCES services (workspace_id, id) ON DELETE CASCADE,
  FOREIGN KEY (workspace_id, consultant_id) REFERENCES consultants (workspace_id, id) ON DELETE CASCADE
);

CREATE TABLE service_appointments (
  workspace_id integer NOT NULL,
  id uuid NOT NULL,
  service_id uuid NOT NULL,
  consultant_id uuid NOT NULL,
  start_at timestamptz NOT NULL,
  end_at timestamptz NOT NULL,
  duration_minutes integer NOT NULL,
  price_cents bigint NOT NULL DEFAULT 0,
  currency text NOT NULL DEFAULT 'ZAR',
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'confirmed', 'checked_in', 'in_progress', 'completed', 'cancelled', 'no_show')),
  payment_status text NOT NULL DEFAULT 'unpaid' CHECK (payment_status IN ('unpaid', 'paid', 'refunded')),
  source text NOT NULL DEFAULT 'online' CHECK (source IN ('online', 'owner')),
  customer_name text NOT NULL CHECK (length(customer_name) BETWEEN 1 AND 100),
  customer_email text NOT NULL DEFAULT '',
  customer_phone text NOT NULL DEFAULT '',
  cancel_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (end_at > start_at),
  PRIMARY KEY (workspace_id, id),
  FOREIGN KEY (workspace_id, service_id) REFERENCES services (workspace_id, id),
  FOREIGN KEY (workspace_id, consultant_id) REFERENCES consultants (workspace_id, id)
);
CREATE UNIQUE INDEX service_appointments_id ON service_appointments (id);
CREATE INDEX service_appointments_diary ON service_appointments (workspace_id, consultant_id, start_at);
-- The last line of defence for one slot: two live appointments never start together for one person.
-- (Overlaps in general are refused under the consultant's lock in the booking transaction.)
CREATE UNIQUE INDEX service_appointments_one_start ON service_appointments (workspace_id, consultant_id, start_at) WHERE status <> 'cancelled';
CREATE INDEX service_appointments_upcoming ON service_appointments (start_at) WHERE status IN ('pending', 'confirmed');

-- The customer's mails: the confirmation at booking, reminders 24 h and 1 h before, the cancellation.
-- One row per appointment and kind, so a retried job or sweep never mails twice.
CREATE TABLE booking_mails (
  workspace_id integer NOT NULL,
  appointment_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('confirmation', 'reminder_24h', 'reminder_1h', 'cancelled')),
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed')),
  job_id text,
  error text,
  requested_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  PRIMARY KEY (workspace_id, appointment_id, kind),
  FOREIGN KEY (workspace_id, appointment_id) REFERENCES service_appointments (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX booking_mails_unqueued ON booking_mails (requested_at) WHERE job_id IS NULL AND status = 'queued';

SELECT app_enable_workspace_rls('booking_settings', ARRAY['owner', 'admin'], ARRAY['SELECT', 'INSERT', 'UPDATE']);
SELECT app_enable_workspace_rls('consultants', ARRAY['owner', 'admin'], ARRAY['SELECT', 'INSERT', 'UPDATE']);
SELECT app_enable_workspace_rls('consultant_unavailability', ARRAY['owner', 'admin'], ARRAY['SELECT', 'INSERT', 'DELETE']);
SELECT app_enable_workspace_rls('services', ARRAY['owner', 'admin'], ARRAY['SELECT', 'INSERT', 'UPDATE']);
SELECT app_enable_workspace_rls('service_staff', ARRAY['owner', 'admin'], ARRAY['SELECT', 'INSERT', 'DELETE']);
SELECT app_enable_workspace_rls('service_appointments', NULL, ARRAY['SELECT', 'INSERT', 'UPDATE']);
SELECT app_enable_workspace_rls('booking_mails', NULL, ARRAY['SELECT', 'INSERT']);
