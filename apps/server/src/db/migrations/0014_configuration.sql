CREATE TABLE "config_drafts" (
	"item" text PRIMARY KEY NOT NULL,
	"value" jsonb,
	"based_on" integer NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"updated_by" integer,
	"updated_by_name" text DEFAULT '' NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "config_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"created_by_name" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"restored_from" integer,
	"build" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "translations" (
	"language" text NOT NULL,
	"namespace" text NOT NULL,
	"key" text NOT NULL,
	"text" text NOT NULL,
	CONSTRAINT "translations_language_namespace_key_pk" PRIMARY KEY("language","namespace","key")
);
--> statement-breakpoint
ALTER TABLE "screens" ADD COLUMN "columns" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "screens" ADD COLUMN "column_order" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "config_drafts" ADD CONSTRAINT "config_drafts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_versions" ADD CONSTRAINT "config_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "config_drafts_updated_idx" ON "config_drafts" USING btree ("updated_at");--> statement-breakpoint
-- The project schedule's seeded Calendar settings were never read (its sources are fixed in the web
-- app) and hold a key no calendar knows: the configuration's schema refuses them.
UPDATE "screens" SET "screen_config" = '{}' WHERE "screen_code" = 'pj-schedule' AND "screen_config" LIKE '%allDayOnly%';
