-- The text search of List and its text filters, indexed (issue 26). A word matches inside other
-- words, whatever its case and accents ("tran" finds "Trần"): every searchable column of a declared
-- resource has a trigram index on its folded text, and the search compares folded texts with LIKE,
-- which such an index serves. unaccent() is only STABLE (its dictionary could change), so the folding
-- is an IMMUTABLE wrapper naming the dictionary, as an index expression must be.
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public;--> statement-breakpoint
CREATE OR REPLACE FUNCTION pw_fold(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;--> statement-breakpoint
CREATE INDEX "products_sku_search_idx" ON "products" USING gin (pw_fold("sku") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_name_search_idx" ON "products" USING gin (pw_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_description_search_idx" ON "products" USING gin (pw_fold("description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "categories_name_search_idx" ON "categories" USING gin (pw_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "categories_code_search_idx" ON "categories" USING gin (pw_fold("code") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "categories_description_search_idx" ON "categories" USING gin (pw_fold("description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "events_title_search_idx" ON "events" USING gin (pw_fold("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "events_location_search_idx" ON "events" USING gin (pw_fold("location") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "events_notes_search_idx" ON "events" USING gin (pw_fold("notes") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "places_name_search_idx" ON "places" USING gin (pw_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "places_address_search_idx" ON "places" USING gin (pw_fold("address") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sales_customer_search_idx" ON "sales" USING gin (pw_fold("customer") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_code_search_idx" ON "projects" USING gin (pw_fold("code") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_name_search_idx" ON "projects" USING gin (pw_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_description_search_idx" ON "projects" USING gin (pw_fold("description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tasks_title_search_idx" ON "tasks" USING gin (pw_fold("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tasks_description_search_idx" ON "tasks" USING gin (pw_fold("description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "releases_version_search_idx" ON "releases" USING gin (pw_fold("version") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "releases_name_search_idx" ON "releases" USING gin (pw_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "api_test_cases_name_search_idx" ON "api_test_cases" USING gin (pw_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "meetings_title_search_idx" ON "meetings" USING gin (pw_fold("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pos_products_sku_search_idx" ON "pos_products" USING gin (pw_fold("sku") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pos_products_barcode_search_idx" ON "pos_products" USING gin (pw_fold("barcode") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pos_products_name_search_idx" ON "pos_products" USING gin (pw_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pos_suppliers_name_search_idx" ON "pos_suppliers" USING gin (pw_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pos_suppliers_contact_search_idx" ON "pos_suppliers" USING gin (pw_fold("contact") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pos_suppliers_email_search_idx" ON "pos_suppliers" USING gin (pw_fold("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pos_suppliers_phone_search_idx" ON "pos_suppliers" USING gin (pw_fold("phone") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pos_locations_code_search_idx" ON "pos_locations" USING gin (pw_fold("code") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pos_locations_name_search_idx" ON "pos_locations" USING gin (pw_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pos_purchase_orders_reference_search_idx" ON "pos_purchase_orders" USING gin (pw_fold("reference") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pos_purchase_orders_notes_search_idx" ON "pos_purchase_orders" USING gin (pw_fold("notes") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pos_bills_number_search_idx" ON "pos_bills" USING gin (pw_fold("number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pos_bills_customer_search_idx" ON "pos_bills" USING gin (pw_fold("customer") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pos_bill_lines_sku_search_idx" ON "pos_bill_lines" USING gin (pw_fold("sku") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pos_bill_lines_name_search_idx" ON "pos_bill_lines" USING gin (pw_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pos_stock_movements_note_search_idx" ON "pos_stock_movements" USING gin (pw_fold("note") gin_trgm_ops);--> statement-breakpoint
-- Every filter a screen offers reads an index suited to it: btree for options, ids and dates, GIN for
-- the lists of tags (search.int.test.ts checks the declarations against these).
CREATE INDEX "products_restocked_at_filter_idx" ON "products" USING btree ("restocked_at");--> statement-breakpoint
CREATE INDEX "products_status_filter_idx" ON "products" USING btree ("status");--> statement-breakpoint
CREATE INDEX "products_tags_filter_idx" ON "products" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "events_category_filter_idx" ON "events" USING btree ("category");--> statement-breakpoint
CREATE INDEX "places_category_filter_idx" ON "places" USING btree ("category");--> statement-breakpoint
CREATE INDEX "sales_region_filter_idx" ON "sales" USING btree ("region");--> statement-breakpoint
CREATE INDEX "sales_channel_filter_idx" ON "sales" USING btree ("channel");--> statement-breakpoint
CREATE INDEX "projects_status_filter_idx" ON "projects" USING btree ("status");--> statement-breakpoint
CREATE INDEX "projects_end_date_filter_idx" ON "projects" USING btree ("end_date");--> statement-breakpoint
CREATE INDEX "tasks_status_filter_idx" ON "tasks" USING btree ("status");--> statement-breakpoint
CREATE INDEX "tasks_priority_filter_idx" ON "tasks" USING btree ("priority");--> statement-breakpoint
CREATE INDEX "tasks_due_date_filter_idx" ON "tasks" USING btree ("due_date");--> statement-breakpoint
CREATE INDEX "releases_release_date_filter_idx" ON "releases" USING btree ("release_date");--> statement-breakpoint
CREATE INDEX "releases_status_filter_idx" ON "releases" USING btree ("status");--> statement-breakpoint
CREATE INDEX "project_environments_project_id_filter_idx" ON "project_environments" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "api_test_cases_project_id_filter_idx" ON "api_test_cases" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "api_test_cases_last_result_filter_idx" ON "api_test_cases" USING btree ("last_result");--> statement-breakpoint
CREATE INDEX "project_members_user_id_filter_idx" ON "project_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "project_members_role_filter_idx" ON "project_members" USING btree ("role");--> statement-breakpoint
CREATE INDEX "meetings_starts_at_filter_idx" ON "meetings" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "pos_products_supplier_id_filter_idx" ON "pos_products" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "pos_purchase_orders_supplier_id_filter_idx" ON "pos_purchase_orders" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "pos_purchase_orders_location_id_filter_idx" ON "pos_purchase_orders" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "pos_purchase_orders_status_filter_idx" ON "pos_purchase_orders" USING btree ("status");--> statement-breakpoint
CREATE INDEX "pos_purchase_orders_received_at_filter_idx" ON "pos_purchase_orders" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "pos_purchase_order_lines_purchase_order_id_filter_idx" ON "pos_purchase_order_lines" USING btree ("purchase_order_id");--> statement-breakpoint
CREATE INDEX "pos_purchase_order_lines_product_id_filter_idx" ON "pos_purchase_order_lines" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "pos_bills_kind_filter_idx" ON "pos_bills" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "pos_bills_location_id_filter_idx" ON "pos_bills" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "pos_bills_cashier_id_filter_idx" ON "pos_bills" USING btree ("cashier_id");--> statement-breakpoint
CREATE INDEX "pos_stock_movements_created_at_filter_idx" ON "pos_stock_movements" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "pos_stock_movements_location_id_filter_idx" ON "pos_stock_movements" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "pos_stock_movements_kind_filter_idx" ON "pos_stock_movements" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "pos_stock_movements_bill_id_filter_idx" ON "pos_stock_movements" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "pos_stock_movements_purchase_order_id_filter_idx" ON "pos_stock_movements" USING btree ("purchase_order_id");
