-- Marketplace order numbers are unique across the marketplace (spec §3 marketplace_orders: order_number
-- unique), not only within one seller: two sellers' first orders were both ORD-00001. New numbers come
-- from one marketplace-wide sequence, each under its seller's prefix, so no two orders share a number
-- whatever the prefixes.
CREATE SEQUENCE marketplace_order_numbers;

-- The sequence starts above every number already given, so a new number never meets an old one.
SELECT setval('marketplace_order_numbers', GREATEST(n, 1), n > 0)
FROM (SELECT COALESCE(max((regexp_match(order_number, '(\d+)$'))[1]::bigint), 0) AS n FROM marketplace_orders) m;

-- An older number given twice stays with its first order; each later one gets its seller's id appended.
UPDATE marketplace_orders o SET order_number = o.order_number || '-' || o.workspace_id
WHERE EXISTS (
  SELECT 1 FROM marketplace_orders p
  WHERE p.order_number = o.order_number AND (p.created_at, p.workspace_id) < (o.created_at, o.workspace_id)
);

ALTER TABLE marketplace_orders DROP CONSTRAINT marketplace_orders_workspace_id_order_number_key;
CREATE UNIQUE INDEX marketplace_orders_order_number_key ON marketplace_orders (order_number);
