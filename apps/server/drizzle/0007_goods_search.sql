-- Goods search (issue 10, domains/catalogue/search/postgres.engine.ts): full text over Chinese character pairs and
-- English words, and trigram similarity of names for misspellings. pg_trgm ships with PostgreSQL's contrib and
-- with PGlite (loaded by platform/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- A text as search words: each Chinese character and each pair of neighbouring ones, other letters and digits as
-- lower-case words, everything else a space. IMMUTABLE: the index below is built on it.
CREATE OR REPLACE FUNCTION sbo_search_words(t text) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT AS $fn$
DECLARE
  src text := lower(t);
  out text := '';
  c text;
  prev text := NULL;
  i int;
BEGIN
  FOR i IN 1..char_length(src) LOOP
    c := substr(src, i, 1);
    IF c ~ '[一-鿿㐀-䶿]' THEN
      out := out || ' ' || c;
      IF prev IS NOT NULL THEN out := out || ' ' || prev || c; END IF;
      prev := c;
    ELSE
      IF prev IS NOT NULL THEN out := out || ' '; END IF;
      prev := NULL;
      out := out || CASE WHEN c ~ '[[:alnum:]]' THEN c ELSE ' ' END;
    END IF;
  END LOOP;
  RETURN out;
END
$fn$;--> statement-breakpoint
-- The search document, kept by the database (not in goods.tables.ts: no code writes it; the audit log hides it).
ALTER TABLE goods ADD COLUMN IF NOT EXISTS search_doc tsvector
  GENERATED ALWAYS AS (to_tsvector('simple', sbo_search_words(name || ' ' || subtitle))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS goods_search_doc_idx ON goods USING gin (search_doc) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS goods_name_trgm_idx ON goods USING gin (lower(name) gin_trgm_ops) WHERE deleted_at IS NULL;
