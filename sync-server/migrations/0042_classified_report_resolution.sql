-- Admins resolve reports (issue 21): dismissed, or the ad taken down. A taken-down ad is no longer
-- public; its seller sees it as removed with the admins' reason. Who resolved a report and when is kept.
ALTER TABLE classified_reports
  ADD COLUMN resolution text CHECK (resolution IN ('dismissed', 'removed')),
  ADD COLUMN resolved_by integer REFERENCES users(id) ON DELETE SET NULL,
  ADD COLUMN resolved_at timestamptz,
  ADD COLUMN resolution_note text CHECK (length(resolution_note) <= 1000),
  ADD CONSTRAINT classified_reports_resolved CHECK ((resolution IS NULL) = (resolved_at IS NULL));
CREATE INDEX classified_reports_open ON classified_reports (created_at DESC) WHERE resolved_at IS NULL;

ALTER TABLE classifieds DROP CONSTRAINT classifieds_status_check;
ALTER TABLE classifieds
  ADD CONSTRAINT classifieds_status_check
    CHECK (status IN ('draft', 'published', 'paused', 'reserved', 'sold', 'expired', 'removed')),
  ADD COLUMN removed_reason text CHECK (length(removed_reason) <= 1000),
  ADD COLUMN removed_at timestamptz,
  ADD COLUMN removed_by integer REFERENCES users(id) ON DELETE SET NULL;
