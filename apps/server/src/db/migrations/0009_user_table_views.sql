CREATE TABLE "user_table_views" (
	"user_id" integer NOT NULL,
	"screen_code" text NOT NULL,
	"columns" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_table_views_user_id_screen_code_pk" PRIMARY KEY("user_id","screen_code")
);
--> statement-breakpoint
ALTER TABLE "user_table_views" ADD CONSTRAINT "user_table_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;