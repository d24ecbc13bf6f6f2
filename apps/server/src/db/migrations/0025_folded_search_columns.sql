-- Products' searchable texts stored folded (issue 26). The search compares folded texts
-- (`pw_fold(column) LIKE pw_fold('%word%')`, migration 0018) and its trigram indexes give candidates
-- that the database then checks row by row: folding each candidate's text again (a call of
-- `pw_fold`, about 1.1 µs) was most of the time of a common word's count and of a name filter sorted
-- by another column (83,000 candidates of "chair" with 1,000,000 products). Stored, the folding is
-- done once per write and the check is a plain LIKE on the stored text. The old expression indexes
-- are dropped first, so that the table's rewrite does not rebuild them; the new ones keep their names.
DROP INDEX IF EXISTS "products_name_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_sku_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_description_search_idx";--> statement-breakpoint
ALTER TABLE "products"
  ADD COLUMN "name_folded" text GENERATED ALWAYS AS (pw_fold("name")) STORED,
  ADD COLUMN "sku_folded" text GENERATED ALWAYS AS (pw_fold("sku")) STORED,
  ADD COLUMN "description_folded" text GENERATED ALWAYS AS (pw_fold("description")) STORED;--> statement-breakpoint
CREATE INDEX "products_name_search_idx" ON "products" USING gin ("name_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_sku_search_idx" ON "products" USING gin ("sku_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_description_search_idx" ON "products" USING gin ("description_folded" gin_trgm_ops);--> statement-breakpoint
-- The planner's statistics of the new columns (their LIKE selectivities), at once rather than at
-- the next automatic analyze.
ANALYZE "products";
