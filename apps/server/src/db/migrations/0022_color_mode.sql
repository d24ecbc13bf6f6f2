-- Issue 25: each user's colour mode (light, dark, or the system's), remembered on the server.
ALTER TABLE "users" ADD COLUMN "color_mode" text DEFAULT 'system' NOT NULL;
