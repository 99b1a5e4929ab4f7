-- An event's cover and gallery are pictures in its workspace's drive (issue 19), named by their drive
-- file ids as a classified's photos are: the columns keep their names and hold uuids only. Anything
-- else they held (an address typed through the API) names no picture the public pages could serve,
-- and is dropped.
ALTER TABLE events ALTER COLUMN cover_image TYPE uuid
  USING (CASE WHEN cover_image ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN cover_image::uuid END);
-- A column's new type cannot be computed with a subquery, so the gallery goes through a new column, its order kept.
ALTER TABLE events ADD COLUMN gallery_files uuid[] NOT NULL DEFAULT '{}';
UPDATE events SET gallery_files = ARRAY(
  SELECT g.v::uuid FROM jsonb_array_elements_text(gallery) WITH ORDINALITY AS g(v, n)
   WHERE g.v ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
   ORDER BY g.n
   LIMIT 30)
 WHERE jsonb_typeof(gallery) = 'array' AND gallery <> '[]'::jsonb;
ALTER TABLE events DROP COLUMN gallery;
ALTER TABLE events RENAME COLUMN gallery_files TO gallery;
ALTER TABLE events ADD CONSTRAINT events_gallery_size CHECK (cardinality(gallery) <= 30);
