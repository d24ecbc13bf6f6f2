-- The number of rows of a large table, kept by the database (issue 26). A List with no condition
-- shows "of {total}" for the whole table, and counting it (an index-only scan of every row: some
-- 100 ms of CPU with 1,000,000 products) was the first call of page 1 and of every deep page after
-- each change. Statement-level triggers add each statement's inserted rows (+n) and deleted rows
-- (-n), read from their transition tables, as a new row of `pw_row_counts`: the total is the sum of
-- a table's rows there. Exact as a count(*) is: the deltas commit or roll back with the statement's
-- transaction and a reader sees those of its snapshot, and writers only insert (no row that every
-- writer updates, so no lock for concurrent writes to wait on). The service folds a table's deltas
-- into one row when they pile up. A TRUNCATE forgets the table's deltas (it holds the table's
-- exclusive lock, so no write of it is under way). The tables: declarations with `keptCount`.
CREATE TABLE "pw_row_counts" (
  "table_name" text NOT NULL,
  "delta" bigint NOT NULL
);--> statement-breakpoint
CREATE INDEX "pw_row_counts_table_idx" ON "pw_row_counts" ("table_name");--> statement-breakpoint
CREATE FUNCTION pw_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pw_row_counts (table_name, delta)
    SELECT TG_TABLE_NAME, count(*) FROM pw_inserted HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION pw_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pw_row_counts (table_name, delta)
    SELECT TG_TABLE_NAME, -count(*) FROM pw_deleted HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION pw_count_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM pw_row_counts WHERE table_name = TG_TABLE_NAME;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_count_inserted" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS pw_inserted FOR EACH STATEMENT EXECUTE FUNCTION pw_count_inserted();--> statement-breakpoint
CREATE TRIGGER "products_count_deleted" AFTER DELETE ON "products"
  REFERENCING OLD TABLE AS pw_deleted FOR EACH STATEMENT EXECUTE FUNCTION pw_count_deleted();--> statement-breakpoint
CREATE TRIGGER "products_count_truncated" AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION pw_count_truncated();--> statement-breakpoint
-- The rows already there. The triggers' creation locks out writes to the table until this
-- migration commits, so no row is counted twice or missed.
INSERT INTO pw_row_counts (table_name, delta) SELECT 'products', count(*) FROM "products";
