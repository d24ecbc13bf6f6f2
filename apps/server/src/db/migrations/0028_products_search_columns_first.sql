-- Products' folded search texts and the screen's option filters first in the row (issue 26). The
-- exact total of a common word ("lamp": 83,000 trigram candidates with 1,000,000 products) checks
-- every candidate row's folded text, and reading a column means walking the row's columns before
-- it: 0025 had added the folded copies last, after 26 columns, and that walk was a quarter of the
-- count's CPU. Measured on a copy of the table in this order (docs/performance.md, "Sixth helper
-- session"): the counts of "lamp" 54 -> 36 ms, "chair 12" 54 -> 40 ms of CPU. PostgreSQL cannot
-- move a column, so the table is copied in the new order: the rows, their ids and the id sequence,
-- the kept total's deltas (kept by table name) stay as they were; the indexes, constraints and
-- triggers are made again with their names. Upgrading rewrites the table under an exclusive lock.
ALTER TABLE "products" RENAME TO "products_before_0028";--> statement-breakpoint
-- Foreign keys into Products from other tables (a collection's relation to Products, made by the
-- studio) follow the renamed table: kept aside and dropped here, made again on the new table below.
CREATE TEMPORARY TABLE "pw_0028_links" AS
  SELECT conrelid::regclass::text AS "owner", conname::text AS "name", pg_get_constraintdef(oid) AS "definition"
  FROM pg_constraint
  WHERE contype = 'f' AND confrelid = '"products_before_0028"'::regclass AND conrelid <> '"products_before_0028"'::regclass;--> statement-breakpoint
DO $$
DECLARE link record;
BEGIN
  FOR link IN SELECT * FROM "pw_0028_links" LOOP
    EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', link.owner, link.name);
  END LOOP;
END $$;--> statement-breakpoint
ALTER SEQUENCE "products_id_seq" OWNED BY NONE;--> statement-breakpoint
CREATE TABLE "products" (
  "id" integer NOT NULL DEFAULT nextval('products_id_seq'::regclass),
  "name_folded" text GENERATED ALWAYS AS (pw_fold("name")) STORED,
  "sku_folded" text GENERATED ALWAYS AS (pw_fold("sku")) STORED,
  "description_folded" text GENERATED ALWAYS AS (pw_fold("description")) STORED,
  "status" text DEFAULT 'draft' NOT NULL,
  "category_id" integer,
  "name" text NOT NULL,
  "sku" text NOT NULL,
  "description" text DEFAULT '' NOT NULL,
  "price" numeric(12, 2) DEFAULT '0' NOT NULL,
  "quantity" integer DEFAULT 0 NOT NULL,
  "discount" numeric(5, 2) DEFAULT '0' NOT NULL,
  "is_active" boolean DEFAULT true NOT NULL,
  "is_featured" boolean DEFAULT false NOT NULL,
  "release_date" date,
  "restocked_at" timestamp (3) with time zone,
  "pickup_time" time,
  "tags" text[] DEFAULT '{}'::text[] NOT NULL,
  "color" text,
  "website" text,
  "photo" text,
  "notes_html" text,
  "attributes" jsonb,
  "label" text,
  "row_style" text,
  "is_locked" boolean DEFAULT false NOT NULL,
  "created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
  "updated_by" integer
);--> statement-breakpoint
-- In id order, as the rows were inserted. The folded copies are generated again by the insert. No
-- trigger yet: the rows are already counted in pw_row_counts under the table's name.
INSERT INTO "products" (
  "id", "status", "category_id", "name", "sku", "description", "price", "quantity", "discount",
  "is_active", "is_featured", "release_date", "restocked_at", "pickup_time", "tags", "color",
  "website", "photo", "notes_html", "attributes", "label", "row_style", "is_locked", "created_at",
  "updated_at", "updated_by"
)
SELECT
  "id", "status", "category_id", "name", "sku", "description", "price", "quantity", "discount",
  "is_active", "is_featured", "release_date", "restocked_at", "pickup_time", "tags", "color",
  "website", "photo", "notes_html", "attributes", "label", "row_style", "is_locked", "created_at",
  "updated_at", "updated_by"
FROM "products_before_0028" ORDER BY "id";--> statement-breakpoint
DROP TABLE "products_before_0028";--> statement-breakpoint
ALTER SEQUENCE "products_id_seq" OWNED BY "products"."id";--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_pkey" PRIMARY KEY ("id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sku_unique" UNIQUE ("sku");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "categories"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" ("name", "id");--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" ("price", "id");--> statement-breakpoint
CREATE INDEX "products_release_date_idx" ON "products" ("release_date", "id");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" ("category_id", "id");--> statement-breakpoint
CREATE INDEX "products_status_filter_idx" ON "products" ("status", "id");--> statement-breakpoint
CREATE INDEX "products_restocked_at_filter_idx" ON "products" ("restocked_at", "id");--> statement-breakpoint
CREATE INDEX "products_tags_filter_idx" ON "products" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "products_quantity_sort_idx" ON "products" ("quantity", "id");--> statement-breakpoint
CREATE INDEX "products_discount_sort_idx" ON "products" ("discount", "id");--> statement-breakpoint
CREATE INDEX "products_is_active_sort_idx" ON "products" ("is_active", "id");--> statement-breakpoint
CREATE INDEX "products_is_featured_sort_idx" ON "products" ("is_featured", "id");--> statement-breakpoint
CREATE INDEX "products_pickup_time_sort_idx" ON "products" ("pickup_time", "id");--> statement-breakpoint
CREATE INDEX "products_color_sort_idx" ON "products" ("color", "id");--> statement-breakpoint
CREATE INDEX "products_website_sort_idx" ON "products" ("website", "id");--> statement-breakpoint
CREATE INDEX "products_label_sort_idx" ON "products" ("label", "id");--> statement-breakpoint
CREATE INDEX "products_is_locked_sort_idx" ON "products" ("is_locked", "id");--> statement-breakpoint
CREATE INDEX "products_name_search_idx" ON "products" USING gin ("name_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_sku_search_idx" ON "products" USING gin ("sku_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_description_search_idx" ON "products" USING gin ("description_folded" gin_trgm_ops);--> statement-breakpoint
CREATE TRIGGER "products_count_inserted" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS pw_inserted FOR EACH STATEMENT EXECUTE FUNCTION pw_count_inserted();--> statement-breakpoint
CREATE TRIGGER "products_count_deleted" AFTER DELETE ON "products"
  REFERENCING OLD TABLE AS pw_deleted FOR EACH STATEMENT EXECUTE FUNCTION pw_count_deleted();--> statement-breakpoint
CREATE TRIGGER "products_count_truncated" AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION pw_count_truncated();--> statement-breakpoint
DO $$
DECLARE link record;
BEGIN
  FOR link IN SELECT * FROM "pw_0028_links" LOOP
    EXECUTE format('ALTER TABLE %s ADD CONSTRAINT %I %s', link.owner, link.name,
      regexp_replace(link.definition, 'REFERENCES (public\.)?"?products_before_0028"?', 'REFERENCES "products"'));
  END LOOP;
END $$;--> statement-breakpoint
DROP TABLE "pw_0028_links";--> statement-breakpoint
ANALYZE "products";
