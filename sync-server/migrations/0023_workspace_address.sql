-- The business's address, printed on its invoices and quotes (a tax invoice names the supplier's
-- address, DESIGN.md §14). A workspace made before this has none until someone fills it in.
ALTER TABLE workspace_settings
  ADD COLUMN address text CHECK (char_length(address) <= 300);
