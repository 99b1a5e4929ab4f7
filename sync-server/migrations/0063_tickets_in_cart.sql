-- Tickets are bought through the marketplace cart and its one checkout (issue 19). A registration
-- made by a checkout belongs to the organiser's marketplace order for it: paid, failed and refunded
-- with that order (its own card reference stays null; the checkout's reference pays for it).
ALTER TABLE registrations ADD COLUMN order_id uuid;
ALTER TABLE registrations ADD CONSTRAINT registrations_order
  FOREIGN KEY (workspace_id, order_id) REFERENCES marketplace_orders (workspace_id, id) ON DELETE SET NULL (order_id);
CREATE INDEX registrations_order ON registrations (workspace_id, order_id) WHERE order_id IS NOT NULL;
-- Unpaid holds are swept by age; a checkout's too.
CREATE INDEX registrations_unpaid ON registrations (workspace_id, event_id, created_at) WHERE payment_status = 'unpaid';
CREATE INDEX registrations_order_unpaid ON registrations (created_at) WHERE payment_status = 'unpaid' AND order_id IS NOT NULL;
