-- Typo-tolerant marketplace search over a vocabulary (the way PostgreSQL's pg_trgm documentation
-- suggests for spelling): every word of a product published in the marketplace is kept once here. A
-- search term is widened to the known words within a typo or two (trigram similarity on this small
-- table), and the products are then found by full-text search alone, through its index. Matching
-- trigrams against every product's name instead costs a similarity check per candidate row, which
-- grows with the catalogue. Words are never removed: one no product has any more matches nothing.
CREATE TABLE marketplace_words (word text PRIMARY KEY);
-- GiST, not GIN: it also hands out the nearest words first (ORDER BY word <-> term), so a search
-- reads a handful of entries, not every word within the threshold.
CREATE INDEX marketplace_words_trgm ON marketplace_words USING gist (word gist_trgm_ops);

-- Runs as its owner: the word list is shared by every workspace, and no member writes it directly.
CREATE FUNCTION marketplace_words_add() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS
$$
BEGIN
  IF NEW.is_public AND NEW.published_in_marketplace AND NOT NEW.deleted THEN
    INSERT INTO marketplace_words (word)
    SELECT w FROM unnest(tsvector_to_array(to_tsvector('simple', coalesce(NEW.name, '') || ' ' || coalesce(NEW.category, '')))) AS w
     WHERE char_length(w) BETWEEN 2 AND 40
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER products_marketplace_words AFTER INSERT OR UPDATE OF name, category, is_public, published_in_marketplace, deleted
  ON products FOR EACH ROW EXECUTE FUNCTION marketplace_words_add();

INSERT INTO marketplace_words (word)
SELECT DISTINCT w
  FROM products p, unnest(tsvector_to_array(to_tsvector('simple', coalesce(p.name, '') || ' ' || coalesce(p.category, '')))) AS w
 WHERE p.is_public AND p.published_in_marketplace AND NOT p.deleted AND char_length(w) BETWEEN 2 AND 40
ON CONFLICT DO NOTHING;
