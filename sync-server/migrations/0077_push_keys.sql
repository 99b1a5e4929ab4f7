-- The server's VAPID key pair for Web Push when none is configured (outside production): made once
-- by whichever instance needs it first, then read by every instance, so a browser's subscription
-- made through one instance is accepted by the push service when another one sends.
CREATE TABLE push_keys (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  public_key text NOT NULL,
  private_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Which devices a notification already reached: a send that failed for one device and is retried
-- goes only to the devices it did not reach, so no device shows it twice.
CREATE TABLE notification_push_deliveries (
  notification_id uuid NOT NULL REFERENCES notifications(id) ON DELETE CASCADE,
  endpoint text NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (notification_id, endpoint)
);
