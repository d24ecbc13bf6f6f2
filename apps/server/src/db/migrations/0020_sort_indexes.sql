-- Every sort a screen offers reads an index (issue 26): a btree on the column and the id, the order
-- List asks for (`orderOf`: the sort, then the id in the same direction), so that a page at any depth
-- starts from a known row (keyset, PageBoundaries) and reads the index in order instead of sorting
-- the table (a single-column index leaves the ties to an incremental sort, which on a column of few
-- values, a status or a category, sorts most of the table). The older single-column btree indexes
-- (the schema's and migration 0018's filters) become (column, id) under their own names: the same
-- filters read them. Primary keys and unique columns have no ties and stay as they are. Long texts, HTML, JSON and photos are not offered as sorts
-- (registry.ts, UNSORTED_TYPES). search.int.test.ts checks the declarations against these.
CREATE INDEX IF NOT EXISTS "products_quantity_sort_idx" ON "products" USING btree ("quantity", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_discount_sort_idx" ON "products" USING btree ("discount", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_is_active_sort_idx" ON "products" USING btree ("is_active", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_is_featured_sort_idx" ON "products" USING btree ("is_featured", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_pickup_time_sort_idx" ON "products" USING btree ("pickup_time", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_color_sort_idx" ON "products" USING btree ("color", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_website_sort_idx" ON "products" USING btree ("website", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_label_sort_idx" ON "products" USING btree ("label", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_is_locked_sort_idx" ON "products" USING btree ("is_locked", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "categories_name_sort_idx" ON "categories" USING btree ("name", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "categories_color_sort_idx" ON "categories" USING btree ("color", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "categories_is_locked_sort_idx" ON "categories" USING btree ("is_locked", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_title_sort_idx" ON "events" USING btree ("title", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_ends_at_sort_idx" ON "events" USING btree ("ends_at", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_all_day_sort_idx" ON "events" USING btree ("all_day", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_color_sort_idx" ON "events" USING btree ("color", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_location_sort_idx" ON "events" USING btree ("location", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_is_locked_sort_idx" ON "events" USING btree ("is_locked", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "places_name_sort_idx" ON "places" USING btree ("name", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "places_latitude_sort_idx" ON "places" USING btree ("latitude", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "places_longitude_sort_idx" ON "places" USING btree ("longitude", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "places_address_sort_idx" ON "places" USING btree ("address", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "places_is_locked_sort_idx" ON "places" USING btree ("is_locked", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sales_customer_sort_idx" ON "sales" USING btree ("customer", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sales_quantity_sort_idx" ON "sales" USING btree ("quantity", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sales_amount_sort_idx" ON "sales" USING btree ("amount", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sales_is_locked_sort_idx" ON "sales" USING btree ("is_locked", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "projects_name_sort_idx" ON "projects" USING btree ("name", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "projects_owner_id_sort_idx" ON "projects" USING btree ("owner_id", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "projects_start_date_sort_idx" ON "projects" USING btree ("start_date", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "projects_color_sort_idx" ON "projects" USING btree ("color", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "projects_is_locked_sort_idx" ON "projects" USING btree ("is_locked", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tasks_title_sort_idx" ON "tasks" USING btree ("title", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tasks_estimate_hours_sort_idx" ON "tasks" USING btree ("estimate_hours", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tasks_spent_hours_sort_idx" ON "tasks" USING btree ("spent_hours", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tasks_release_id_sort_idx" ON "tasks" USING btree ("release_id", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tasks_is_locked_sort_idx" ON "tasks" USING btree ("is_locked", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "releases_version_sort_idx" ON "releases" USING btree ("version", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "releases_name_sort_idx" ON "releases" USING btree ("name", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "releases_is_locked_sort_idx" ON "releases" USING btree ("is_locked", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "project_environments_name_sort_idx" ON "project_environments" USING btree ("name", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "project_environments_base_url_sort_idx" ON "project_environments" USING btree ("base_url", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "project_environments_is_locked_sort_idx" ON "project_environments" USING btree ("is_locked", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "api_test_cases_name_sort_idx" ON "api_test_cases" USING btree ("name", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "api_test_cases_environment_id_sort_idx" ON "api_test_cases" USING btree ("environment_id", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "api_test_cases_method_sort_idx" ON "api_test_cases" USING btree ("method", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "api_test_cases_path_sort_idx" ON "api_test_cases" USING btree ("path", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "api_test_cases_expected_status_sort_idx" ON "api_test_cases" USING btree ("expected_status", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "api_test_cases_last_status_sort_idx" ON "api_test_cases" USING btree ("last_status", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "api_test_cases_last_run_at_sort_idx" ON "api_test_cases" USING btree ("last_run_at", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "api_test_cases_is_locked_sort_idx" ON "api_test_cases" USING btree ("is_locked", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "project_members_is_locked_sort_idx" ON "project_members" USING btree ("is_locked", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "meetings_title_sort_idx" ON "meetings" USING btree ("title", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "meetings_ends_at_sort_idx" ON "meetings" USING btree ("ends_at", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "meetings_location_sort_idx" ON "meetings" USING btree ("location", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "meetings_is_locked_sort_idx" ON "meetings" USING btree ("is_locked", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_products_name_sort_idx" ON "pos_products" USING btree ("name", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_products_price_sort_idx" ON "pos_products" USING btree ("price", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_products_tax_rate_sort_idx" ON "pos_products" USING btree ("tax_rate", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_products_cost_sort_idx" ON "pos_products" USING btree ("cost", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_products_reorder_level_sort_idx" ON "pos_products" USING btree ("reorder_level", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_products_is_active_sort_idx" ON "pos_products" USING btree ("is_active", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_products_is_locked_sort_idx" ON "pos_products" USING btree ("is_locked", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_suppliers_name_sort_idx" ON "pos_suppliers" USING btree ("name", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_suppliers_contact_sort_idx" ON "pos_suppliers" USING btree ("contact", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_suppliers_email_sort_idx" ON "pos_suppliers" USING btree ("email", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_suppliers_phone_sort_idx" ON "pos_suppliers" USING btree ("phone", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_suppliers_is_locked_sort_idx" ON "pos_suppliers" USING btree ("is_locked", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_locations_name_sort_idx" ON "pos_locations" USING btree ("name", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_locations_is_locked_sort_idx" ON "pos_locations" USING btree ("is_locked", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_purchase_orders_is_locked_sort_idx" ON "pos_purchase_orders" USING btree ("is_locked", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_purchase_order_lines_quantity_sort_idx" ON "pos_purchase_order_lines" USING btree ("quantity", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_purchase_order_lines_unit_cost_sort_idx" ON "pos_purchase_order_lines" USING btree ("unit_cost", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_purchase_order_lines_is_locked_sort_idx" ON "pos_purchase_order_lines" USING btree ("is_locked", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_bills_customer_sort_idx" ON "pos_bills" USING btree ("customer", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_bills_subtotal_sort_idx" ON "pos_bills" USING btree ("subtotal", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_bills_discount_sort_idx" ON "pos_bills" USING btree ("discount", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_bills_tax_sort_idx" ON "pos_bills" USING btree ("tax", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_bills_total_sort_idx" ON "pos_bills" USING btree ("total", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_bills_change_sort_idx" ON "pos_bills" USING btree ("change", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_bills_is_locked_sort_idx" ON "pos_bills" USING btree ("is_locked", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_bill_lines_sku_sort_idx" ON "pos_bill_lines" USING btree ("sku", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_bill_lines_name_sort_idx" ON "pos_bill_lines" USING btree ("name", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_bill_lines_quantity_sort_idx" ON "pos_bill_lines" USING btree ("quantity", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_bill_lines_unit_price_sort_idx" ON "pos_bill_lines" USING btree ("unit_price", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_bill_lines_discount_sort_idx" ON "pos_bill_lines" USING btree ("discount", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_bill_lines_tax_rate_sort_idx" ON "pos_bill_lines" USING btree ("tax_rate", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_bill_lines_tax_sort_idx" ON "pos_bill_lines" USING btree ("tax", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_bill_lines_total_sort_idx" ON "pos_bill_lines" USING btree ("total", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_bill_lines_is_locked_sort_idx" ON "pos_bill_lines" USING btree ("is_locked", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_stock_movements_quantity_sort_idx" ON "pos_stock_movements" USING btree ("quantity", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_stock_movements_note_sort_idx" ON "pos_stock_movements" USING btree ("note", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "products_name_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_name_idx" ON "products" USING btree ("name", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "products_price_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_price_idx" ON "products" USING btree ("price", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "products_release_date_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_release_date_idx" ON "products" USING btree ("release_date", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "products_restocked_at_filter_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_restocked_at_filter_idx" ON "products" USING btree ("restocked_at", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "products_category_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_category_idx" ON "products" USING btree ("category_id", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "products_status_filter_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_status_filter_idx" ON "products" USING btree ("status", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "events_starts_at_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_starts_at_idx" ON "events" USING btree ("starts_at", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "events_category_filter_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_category_filter_idx" ON "events" USING btree ("category", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "places_category_filter_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "places_category_filter_idx" ON "places" USING btree ("category", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "sales_sold_on_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sales_sold_on_idx" ON "sales" USING btree ("sold_on", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "sales_region_filter_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sales_region_filter_idx" ON "sales" USING btree ("region", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "sales_channel_filter_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sales_channel_filter_idx" ON "sales" USING btree ("channel", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "projects_status_filter_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "projects_status_filter_idx" ON "projects" USING btree ("status", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "projects_end_date_filter_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "projects_end_date_filter_idx" ON "projects" USING btree ("end_date", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tasks_project_id_sort_idx" ON "tasks" USING btree ("project_id", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "tasks_status_filter_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tasks_status_filter_idx" ON "tasks" USING btree ("status", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "tasks_priority_filter_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tasks_priority_filter_idx" ON "tasks" USING btree ("priority", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tasks_assignee_id_sort_idx" ON "tasks" USING btree ("assignee_id", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "tasks_due_date_filter_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tasks_due_date_filter_idx" ON "tasks" USING btree ("due_date", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "releases_project_id_sort_idx" ON "releases" USING btree ("project_id", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "releases_release_date_filter_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "releases_release_date_filter_idx" ON "releases" USING btree ("release_date", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "releases_status_filter_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "releases_status_filter_idx" ON "releases" USING btree ("status", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "project_environments_project_id_filter_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "project_environments_project_id_filter_idx" ON "project_environments" USING btree ("project_id", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "api_test_cases_project_id_filter_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "api_test_cases_project_id_filter_idx" ON "api_test_cases" USING btree ("project_id", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "api_test_cases_last_result_filter_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "api_test_cases_last_result_filter_idx" ON "api_test_cases" USING btree ("last_result", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "project_members_project_id_sort_idx" ON "project_members" USING btree ("project_id", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "project_members_user_id_filter_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "project_members_user_id_filter_idx" ON "project_members" USING btree ("user_id", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "project_members_role_filter_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "project_members_role_filter_idx" ON "project_members" USING btree ("role", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "meetings_project_id_sort_idx" ON "meetings" USING btree ("project_id", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "meetings_starts_at_filter_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "meetings_starts_at_filter_idx" ON "meetings" USING btree ("starts_at", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "pos_products_supplier_id_filter_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_products_supplier_id_filter_idx" ON "pos_products" USING btree ("supplier_id", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "pos_purchase_orders_supplier_id_filter_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_purchase_orders_supplier_id_filter_idx" ON "pos_purchase_orders" USING btree ("supplier_id", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "pos_purchase_orders_location_id_filter_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_purchase_orders_location_id_filter_idx" ON "pos_purchase_orders" USING btree ("location_id", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "pos_purchase_orders_status_filter_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_purchase_orders_status_filter_idx" ON "pos_purchase_orders" USING btree ("status", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "pos_purchase_orders_received_at_filter_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_purchase_orders_received_at_filter_idx" ON "pos_purchase_orders" USING btree ("received_at", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "pos_purchase_order_lines_purchase_order_id_filter_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_purchase_order_lines_purchase_order_id_filter_idx" ON "pos_purchase_order_lines" USING btree ("purchase_order_id", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "pos_purchase_order_lines_product_id_filter_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_purchase_order_lines_product_id_filter_idx" ON "pos_purchase_order_lines" USING btree ("product_id", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "pos_bills_created_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_bills_created_idx" ON "pos_bills" USING btree ("created_at", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "pos_bills_kind_filter_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_bills_kind_filter_idx" ON "pos_bills" USING btree ("kind", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "pos_bills_location_id_filter_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_bills_location_id_filter_idx" ON "pos_bills" USING btree ("location_id", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "pos_bills_cashier_id_filter_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_bills_cashier_id_filter_idx" ON "pos_bills" USING btree ("cashier_id", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "pos_bill_lines_bill_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_bill_lines_bill_idx" ON "pos_bill_lines" USING btree ("bill_id", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "pos_stock_movements_created_at_filter_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_stock_movements_created_at_filter_idx" ON "pos_stock_movements" USING btree ("created_at", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_stock_movements_product_id_sort_idx" ON "pos_stock_movements" USING btree ("product_id", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "pos_stock_movements_location_id_filter_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_stock_movements_location_id_filter_idx" ON "pos_stock_movements" USING btree ("location_id", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "pos_stock_movements_kind_filter_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_stock_movements_kind_filter_idx" ON "pos_stock_movements" USING btree ("kind", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "pos_stock_movements_bill_id_filter_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_stock_movements_bill_id_filter_idx" ON "pos_stock_movements" USING btree ("bill_id", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "pos_stock_movements_purchase_order_id_filter_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_stock_movements_purchase_order_id_filter_idx" ON "pos_stock_movements" USING btree ("purchase_order_id", "id");
