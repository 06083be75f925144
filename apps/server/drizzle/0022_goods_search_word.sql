CREATE TABLE "goods_search_word" (
	"bo_id" text NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "goods_search_word_bo_id_word_pk" PRIMARY KEY("bo_id","word")
);
--> statement-breakpoint
DROP INDEX "goods_search_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "goods_search_word_trgm_idx" ON "goods_search_word" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- goods_search's document without positions (strip): nothing reads them (no phrase search, no ts_rank), and they
-- were a third of the document, an eighth of the row: a broad keyword's facets visit fewer pages.
CREATE OR REPLACE FUNCTION sbo_goods_search_sync() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'DELETE' OR NEW.deleted_at IS NOT NULL OR NEW.listing_type <> 'goods' THEN
    DELETE FROM goods_search WHERE id = CASE WHEN TG_OP = 'INSERT' THEN NEW.id ELSE OLD.id END;
    RETURN NULL;
  END IF;
  INSERT INTO goods_search (id, bo_id, category_id, status, price_min, price_max, sales, created_at, updated_at, lower_name, doc)
  VALUES (NEW.id, NEW.bo_id, NEW.category_id, NEW.status, NEW.price_min, NEW.price_max, NEW.sales, NEW.created_at,
          NEW.updated_at, lower(NEW.name), strip(NEW.search_doc))
  ON CONFLICT (id) DO UPDATE SET bo_id = EXCLUDED.bo_id, category_id = EXCLUDED.category_id, status = EXCLUDED.status,
    price_min = EXCLUDED.price_min, price_max = EXCLUDED.price_max, sales = EXCLUDED.sales,
    created_at = EXCLUDED.created_at, updated_at = EXCLUDED.updated_at, lower_name = EXCLUDED.lower_name, doc = EXCLUDED.doc;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
UPDATE goods_search SET doc = strip(doc);--> statement-breakpoint
-- goods_search_word is kept by the database (catalogue/search/search.tables.ts): the words with letters (not Chinese
-- characters, not bare numbers) of the organisation's goods_search documents, for correcting a misspelt keyword.
-- A word is added when a document holds it (nothing is written when it is known already: no row is updated, so a
-- bulk insert of goods is not a queue on the same rows), and removed when the last document holding it loses it
-- (renamed, deleted, no longer a goods listing): one look-up of the word in goods_search's full-text index.
CREATE OR REPLACE FUNCTION sbo_goods_search_word_sync() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO goods_search_word (bo_id, word)
    SELECT NEW.bo_id, w FROM unnest(tsvector_to_array(NEW.doc)) w
    WHERE w ~ '[[:alpha:]]' AND w !~ '[一-鿿㐀-䶿]'
    ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM goods_search_word d
    WHERE d.bo_id = OLD.bo_id
      AND d.word = ANY (tsvector_to_array(OLD.doc))
      AND (TG_OP = 'DELETE' OR OLD.bo_id <> NEW.bo_id OR d.word <> ALL (tsvector_to_array(NEW.doc)))
      AND NOT EXISTS (SELECT 1 FROM goods_search g
                      WHERE g.bo_id = OLD.bo_id AND g.doc @@ to_tsquery('simple', quote_literal(d.word)));
  END IF;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER goods_search_word_sync AFTER INSERT OR DELETE ON goods_search FOR EACH ROW
  EXECUTE FUNCTION sbo_goods_search_word_sync();--> statement-breakpoint
-- Only a change of the document (a price, a status or sales do not touch the words).
CREATE TRIGGER goods_search_word_sync_upd AFTER UPDATE ON goods_search FOR EACH ROW
  WHEN (OLD.doc IS DISTINCT FROM NEW.doc OR OLD.bo_id IS DISTINCT FROM NEW.bo_id)
  EXECUTE FUNCTION sbo_goods_search_word_sync();--> statement-breakpoint
INSERT INTO goods_search_word (bo_id, word)
SELECT DISTINCT g.bo_id, w FROM goods_search g, unnest(tsvector_to_array(g.doc)) w
WHERE w ~ '[[:alpha:]]' AND w !~ '[一-鿿㐀-䶿]'
ON CONFLICT DO NOTHING;--> statement-breakpoint
ANALYZE goods_search_word;
