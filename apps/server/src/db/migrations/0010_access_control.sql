-- Hand-written (drizzle-kit does not write functions): the audit screen's "Field: old → new; …" text
-- of a change, kept as a generated column. It comes first: the audit_log column below is computed by it.
CREATE OR REPLACE FUNCTION "audit_changes_text"(details jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
	SELECT string_agg(
		coalesce(c ->> 'field', '?') || ': ' || coalesce(c ->> 'old', '∅') || ' → ' || coalesce(c ->> 'new', '∅'),
		'; '
	)
	FROM jsonb_array_elements(
		CASE WHEN jsonb_typeof(details -> 'changes') = 'array' THEN details -> 'changes' ELSE '[]'::jsonb END
	) AS c
$$;--> statement-breakpoint
CREATE TABLE "role_grants" (
	"id" serial PRIMARY KEY NOT NULL,
	"role_code" text NOT NULL,
	"target" text NOT NULL,
	"can_list" boolean DEFAULT false NOT NULL,
	"can_detail" boolean DEFAULT false NOT NULL,
	"can_add" boolean DEFAULT false NOT NULL,
	"can_edit" boolean DEFAULT false NOT NULL,
	"can_delete" boolean DEFAULT false NOT NULL,
	"can_export" boolean DEFAULT false NOT NULL,
	"actions" text[] DEFAULT '{}'::text[] NOT NULL,
	"hidden_fields" text[] DEFAULT '{}'::text[] NOT NULL,
	"edit_fields" text[] DEFAULT '{}'::text[] NOT NULL,
	"row_rule" text DEFAULT 'all' NOT NULL,
	"is_locked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"is_locked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "roles_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "updated_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "updated_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "changes_text" text GENERATED ALWAYS AS (audit_changes_text(details)) STORED;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "username_tried" text GENERATED ALWAYS AS ((details ->> 'username')) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "roles" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_locked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "role_grants" ADD CONSTRAINT "role_grants_role_code_roles_code_fk" FOREIGN KEY ("role_code") REFERENCES "public"."roles"("code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "role_grants" ADD CONSTRAINT "role_grants_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "role_grants_role_target_idx" ON "role_grants" USING btree ("role_code","target");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- Hand-written from here on.
-- The roles every installation starts with; their grants are seeded at start from the declarations.
INSERT INTO "roles" ("code", "name", "description", "is_admin") VALUES
	('admin', 'Administrator', 'Everything, administration included.', true),
	('staff', 'Staff', 'The data screens, without administration.', false),
	('viewer', 'Viewer', 'Reads the data screens; changes nothing.', false)
ON CONFLICT ("code") DO NOTHING;--> statement-breakpoint
-- Today's single role becomes the user's list of roles.
UPDATE "users" SET "roles" = ARRAY["role"] WHERE cardinality("roles") = 0;--> statement-breakpoint
-- Writers that still set only the legacy role (older code, scripts) give their user that role.
CREATE OR REPLACE FUNCTION "users_roles_from_role"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF cardinality(NEW."roles") = 0 THEN
		NEW."roles" := ARRAY[NEW."role"];
	END IF;
	RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_roles_from_role" BEFORE INSERT ON "users"
	FOR EACH ROW EXECUTE FUNCTION "users_roles_from_role"();
