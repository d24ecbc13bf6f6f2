CREATE TABLE "pos_bill_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"bill_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"original_line_id" integer,
	"name" text NOT NULL,
	"sku" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"discount" numeric(12, 2) NOT NULL,
	"tax_rate" numeric(5, 2) NOT NULL,
	"tax" numeric(12, 2) NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"is_locked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "pos_bills" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"kind" text DEFAULT 'sale' NOT NULL,
	"original_bill_id" integer,
	"location_id" integer NOT NULL,
	"customer" text DEFAULT '' NOT NULL,
	"subtotal" numeric(12, 2) NOT NULL,
	"discount" numeric(12, 2) NOT NULL,
	"tax" numeric(12, 2) NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"paid" numeric(12, 2) NOT NULL,
	"change" numeric(12, 2) NOT NULL,
	"cashier_id" integer,
	"is_locked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "pos_bills_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "pos_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"is_locked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "pos_locations_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "pos_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"bill_id" integer NOT NULL,
	"method" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"tendered" numeric(12, 2) NOT NULL,
	"is_locked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "pos_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"sku" text NOT NULL,
	"barcode" text,
	"name" text NOT NULL,
	"price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"tax_rate" numeric(5, 2) DEFAULT '0' NOT NULL,
	"cost" numeric(12, 2) DEFAULT '0' NOT NULL,
	"supplier_id" integer,
	"reorder_level" integer DEFAULT 5 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_locked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "pos_products_sku_unique" UNIQUE("sku")
);
--> statement-breakpoint
CREATE TABLE "pos_purchase_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchase_order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"unit_cost" numeric(12, 2) DEFAULT '0' NOT NULL,
	"is_locked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "pos_purchase_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"supplier_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"received_at" timestamp (3) with time zone,
	"notes" text DEFAULT '' NOT NULL,
	"is_locked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "pos_purchase_orders_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "pos_stock_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"kind" text NOT NULL,
	"bill_id" integer,
	"purchase_order_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"is_locked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "pos_suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"is_locked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "pos_bill_lines" ADD CONSTRAINT "pos_bill_lines_bill_id_pos_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."pos_bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_bill_lines" ADD CONSTRAINT "pos_bill_lines_product_id_pos_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."pos_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_bill_lines" ADD CONSTRAINT "pos_bill_lines_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_bills" ADD CONSTRAINT "pos_bills_location_id_pos_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."pos_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_bills" ADD CONSTRAINT "pos_bills_cashier_id_users_id_fk" FOREIGN KEY ("cashier_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_bills" ADD CONSTRAINT "pos_bills_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_locations" ADD CONSTRAINT "pos_locations_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_payments" ADD CONSTRAINT "pos_payments_bill_id_pos_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."pos_bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_payments" ADD CONSTRAINT "pos_payments_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_products" ADD CONSTRAINT "pos_products_supplier_id_pos_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."pos_suppliers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_products" ADD CONSTRAINT "pos_products_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_purchase_order_lines" ADD CONSTRAINT "pos_purchase_order_lines_purchase_order_id_pos_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."pos_purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_purchase_order_lines" ADD CONSTRAINT "pos_purchase_order_lines_product_id_pos_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."pos_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_purchase_order_lines" ADD CONSTRAINT "pos_purchase_order_lines_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_purchase_orders" ADD CONSTRAINT "pos_purchase_orders_supplier_id_pos_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."pos_suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_purchase_orders" ADD CONSTRAINT "pos_purchase_orders_location_id_pos_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."pos_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_purchase_orders" ADD CONSTRAINT "pos_purchase_orders_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_stock_movements" ADD CONSTRAINT "pos_stock_movements_product_id_pos_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."pos_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_stock_movements" ADD CONSTRAINT "pos_stock_movements_location_id_pos_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."pos_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_stock_movements" ADD CONSTRAINT "pos_stock_movements_bill_id_pos_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."pos_bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_stock_movements" ADD CONSTRAINT "pos_stock_movements_purchase_order_id_pos_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."pos_purchase_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_stock_movements" ADD CONSTRAINT "pos_stock_movements_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_suppliers" ADD CONSTRAINT "pos_suppliers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pos_bill_lines_bill_idx" ON "pos_bill_lines" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "pos_bill_lines_product_idx" ON "pos_bill_lines" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "pos_bills_created_idx" ON "pos_bills" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "pos_payments_bill_idx" ON "pos_payments" USING btree ("bill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_products_barcode_idx" ON "pos_products" USING btree ("barcode");--> statement-breakpoint
CREATE INDEX "pos_stock_movements_product_idx" ON "pos_stock_movements" USING btree ("product_id","location_id");--> statement-breakpoint
-- ===== Hand-written (not generated by drizzle-kit): the point of sale's report views. =====
-- Declared for the resource protocol in modules/pos/report-views.ts. When regenerating this
-- migration, append this block again unchanged.
CREATE VIEW "pos_stock_levels" AS
SELECT p.id * 1000 + l.id AS id, p.id AS product_id, l.id AS location_id, p.sku, p.name,
  coalesce(m.quantity, 0)::int AS quantity, p.cost,
  (coalesce(m.quantity, 0) * p.cost)::numeric(14, 2) AS value, p.reorder_level,
  coalesce(m.quantity, 0) <= p.reorder_level AS is_low,
  false AS is_locked, p.created_at, greatest(p.updated_at, m.last_at) AS updated_at, NULL::int AS updated_by
FROM pos_products p
CROSS JOIN pos_locations l
LEFT JOIN (
  SELECT product_id, location_id, sum(quantity) AS quantity, max(created_at) AS last_at
  FROM pos_stock_movements GROUP BY product_id, location_id
) m ON m.product_id = p.id AND m.location_id = l.id
WHERE p.is_active;
--> statement-breakpoint
CREATE VIEW "pos_sales_by_day" AS
SELECT to_char(d.day, 'YYYYMMDD')::int AS id, d.day,
  count(*) FILTER (WHERE d.kind = 'sale')::int AS bills,
  count(*) FILTER (WHERE d.kind = 'return')::int AS returns,
  sum(d.total - d.tax)::numeric(14, 2) AS net, sum(d.tax)::numeric(14, 2) AS tax,
  sum(d.total)::numeric(14, 2) AS total,
  false AS is_locked, min(d.created_at) AS created_at, max(d.updated_at) AS updated_at, NULL::int AS updated_by
FROM (SELECT b.*, (b.created_at AT TIME ZONE 'UTC')::date AS day FROM pos_bills b) d
GROUP BY d.day;
--> statement-breakpoint
CREATE VIEW "pos_sales_by_product" AS
SELECT li.product_id AS id, max(li.sku) AS sku, max(li.name) AS name, sum(li.quantity)::int AS units,
  sum(li.total - li.tax)::numeric(14, 2) AS net, sum(li.total)::numeric(14, 2) AS total,
  false AS is_locked, min(li.created_at) AS created_at, max(li.updated_at) AS updated_at, NULL::int AS updated_by
FROM pos_bill_lines li
GROUP BY li.product_id;
--> statement-breakpoint
CREATE VIEW "pos_sales_by_payment" AS
SELECT to_char(d.day, 'YYYYMMDD')::int * 10 + CASE d.method WHEN 'cash' THEN 1 WHEN 'card' THEN 2 ELSE 3 END AS id,
  d.day, d.method, count(*)::int AS payments, sum(d.amount)::numeric(14, 2) AS amount,
  false AS is_locked, min(d.created_at) AS created_at, max(d.updated_at) AS updated_at, NULL::int AS updated_by
FROM (SELECT p.*, (p.created_at AT TIME ZONE 'UTC')::date AS day FROM pos_payments p) d
GROUP BY d.day, d.method;
