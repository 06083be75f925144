CREATE TABLE "goods_search" (
	"id" text PRIMARY KEY NOT NULL,
	"bo_id" text NOT NULL,
	"category_id" text,
	"status" text NOT NULL,
	"price_min" bigint NOT NULL,
	"price_max" bigint NOT NULL,
	"sales" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"lower_name" text NOT NULL,
	"doc" "tsvector" NOT NULL
);
--> statement-breakpoint
DROP INDEX "goods_search_sales_idx";--> statement-breakpoint
DROP INDEX "goods_bo_lower_name_idx";--> statement-breakpoint
ALTER TABLE "goods_search" ADD CONSTRAINT "goods_search_id_goods_id_fk" FOREIGN KEY ("id") REFERENCES "public"."goods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goods_search_doc_gin" ON "goods_search" USING gin ("doc");--> statement-breakpoint
CREATE INDEX "goods_search_name_trgm_idx" ON "goods_search" USING gin ("lower_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "goods_search_name_idx" ON "goods_search" USING btree ("bo_id","lower_name");--> statement-breakpoint
CREATE INDEX "goods_search_relevance_idx" ON "goods_search" USING btree ("bo_id","sales" DESC NULLS LAST,"updated_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "goods_search_price_idx" ON "goods_search" USING btree ("bo_id","price_min","id");--> statement-breakpoint
CREATE INDEX "goods_search_price_desc_idx" ON "goods_search" USING btree ("bo_id","price_max" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "goods_search_created_idx" ON "goods_search" USING btree ("bo_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "goods_search_category_idx" ON "goods_search" USING btree ("bo_id","category_id");--> statement-breakpoint
-- goods_search is kept by the database (catalogue/search/search.tables.ts): a row per live goods listing, written
-- after every change of the columns it holds. The document is goods' own generated search_doc, copied, not
-- computed again.
CREATE OR REPLACE FUNCTION sbo_goods_search_sync() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'DELETE' OR NEW.deleted_at IS NOT NULL OR NEW.listing_type <> 'goods' THEN
    DELETE FROM goods_search WHERE id = CASE WHEN TG_OP = 'INSERT' THEN NEW.id ELSE OLD.id END;
    RETURN NULL;
  END IF;
  INSERT INTO goods_search (id, bo_id, category_id, status, price_min, price_max, sales, created_at, updated_at, lower_name, doc)
  VALUES (NEW.id, NEW.bo_id, NEW.category_id, NEW.status, NEW.price_min, NEW.price_max, NEW.sales, NEW.created_at,
          NEW.updated_at, lower(NEW.name), NEW.search_doc)
  ON CONFLICT (id) DO UPDATE SET bo_id = EXCLUDED.bo_id, category_id = EXCLUDED.category_id, status = EXCLUDED.status,
    price_min = EXCLUDED.price_min, price_max = EXCLUDED.price_max, sales = EXCLUDED.sales,
    created_at = EXCLUDED.created_at, updated_at = EXCLUDED.updated_at, lower_name = EXCLUDED.lower_name, doc = EXCLUDED.doc;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER goods_search_sync AFTER INSERT OR DELETE ON goods FOR EACH ROW EXECUTE FUNCTION sbo_goods_search_sync();--> statement-breakpoint
-- Only the changes search sees (a stock count or an image does not touch it).
CREATE TRIGGER goods_search_sync_upd AFTER UPDATE ON goods FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.subtitle IS DISTINCT FROM NEW.subtitle
     OR OLD.category_id IS DISTINCT FROM NEW.category_id OR OLD.status IS DISTINCT FROM NEW.status
     OR OLD.price_min IS DISTINCT FROM NEW.price_min OR OLD.price_max IS DISTINCT FROM NEW.price_max
     OR OLD.sales IS DISTINCT FROM NEW.sales OR OLD.updated_at IS DISTINCT FROM NEW.updated_at
     OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at OR OLD.listing_type IS DISTINCT FROM NEW.listing_type
     OR OLD.bo_id IS DISTINCT FROM NEW.bo_id)
  EXECUTE FUNCTION sbo_goods_search_sync();--> statement-breakpoint
INSERT INTO goods_search (id, bo_id, category_id, status, price_min, price_max, sales, created_at, updated_at, lower_name, doc)
SELECT id, bo_id, category_id, status, price_min, price_max, sales, created_at, updated_at, lower(name), search_doc
FROM goods WHERE deleted_at IS NULL AND listing_type = 'goods';--> statement-breakpoint
-- The goods table's own search indexes are read no more (0007, by hand).
DROP INDEX IF EXISTS goods_search_doc_idx;--> statement-breakpoint
DROP INDEX IF EXISTS goods_name_trgm_idx;
--> statement-breakpoint
ANALYZE goods_search;
