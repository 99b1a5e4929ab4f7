-- A device names each reservation it asks for (request_id). If the answer is lost (the page reloads
-- or the signal drops before the device stores the block), asking again with the same name returns
-- the same block instead of a new one, so no range of numbers goes missing.
ALTER TABLE number_blocks ADD COLUMN request_id text;
CREATE UNIQUE INDEX number_blocks_request ON number_blocks (workspace_id, device_id, request_id) WHERE request_id IS NOT NULL;
