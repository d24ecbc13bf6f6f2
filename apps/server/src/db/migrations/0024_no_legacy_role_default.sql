-- New accounts got the role `staff` unasked: the legacy `role` column defaulted to 'staff' and the
-- trigger of migration 0010 copied it into an empty `roles`. Registration, social and OpenID sign-in
-- now give the settings' default role or none, and every writer sets `roles` itself.
DROP TRIGGER IF EXISTS "users_roles_from_role" ON "users";--> statement-breakpoint
DROP FUNCTION IF EXISTS "users_roles_from_role"();--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "role" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "role" DROP NOT NULL;
