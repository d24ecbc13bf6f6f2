CREATE TABLE "collections" (
	"api_name" text PRIMARY KEY NOT NULL,
	"order_no" integer DEFAULT 0 NOT NULL,
	"definition" jsonb NOT NULL
);
