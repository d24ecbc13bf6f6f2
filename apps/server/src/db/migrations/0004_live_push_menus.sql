CREATE TABLE "exception_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"log_by" text DEFAULT '' NOT NULL,
	"api_url" text DEFAULT '' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"data" text DEFAULT '' NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"read_at" timestamp with time zone,
	"sent_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_id_user_id_pk" PRIMARY KEY("id","user_id")
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"expires_at" timestamp with time zone,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
CREATE TABLE "menus" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"order_no" integer DEFAULT 0 NOT NULL,
	"new_window" boolean DEFAULT false NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "menus_kind_check" CHECK ("menus"."kind" in ('side', 'app'))
);
--> statement-breakpoint
ALTER TABLE "screens" ADD COLUMN "parent_id" uuid;--> statement-breakpoint
ALTER TABLE "screens" ADD COLUMN "api_method" text DEFAULT 'List' NOT NULL;--> statement-breakpoint
ALTER TABLE "screens" ADD COLUMN "screen_config" text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "screens" ADD COLUMN "ui_type_contents" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "exception_logs" ADD CONSTRAINT "exception_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menus" ADD CONSTRAINT "menus_parent_id_menus_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exception_logs_at_idx" ON "exception_logs" USING btree ("at");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE not "notifications"."is_read";--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "menus_kind_code_idx" ON "menus" USING btree ("kind","code");--> statement-breakpoint
CREATE INDEX "menus_parent_idx" ON "menus" USING btree ("parent_id");--> statement-breakpoint
ALTER TABLE "screens" ADD CONSTRAINT "screens_parent_id_screens_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."screens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "screens_parent_idx" ON "screens" USING btree ("parent_id");