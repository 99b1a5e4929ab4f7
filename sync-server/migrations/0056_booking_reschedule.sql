-- Moving an appointment (the customer through their link, or the owner in the diary, issue 20):
-- `scheduled_at` is when its time was last set, so reminders count their lead from then and not from
-- the first booking; `sequence` is the calendar entry's revision (RFC 5545 SEQUENCE), raised on each
-- move so a calendar replaces the entry instead of keeping the old time. A move mails the customer
-- the new time (queueing a "moved" mail sent before once more needs UPDATE), and the reminders for
-- the old time are withdrawn (DELETE) to be recorded again for the new one.
ALTER TABLE service_appointments ADD COLUMN scheduled_at timestamptz;
ALTER TABLE service_appointments ADD COLUMN sequence integer NOT NULL DEFAULT 0;

ALTER TABLE booking_mails DROP CONSTRAINT booking_mails_kind_check;
ALTER TABLE booking_mails ADD CONSTRAINT booking_mails_kind_check
  CHECK (kind IN ('confirmation', 'reminder_24h', 'reminder_1h', 'cancelled', 'rescheduled'));

GRANT UPDATE, DELETE ON booking_mails TO vuka_app;
