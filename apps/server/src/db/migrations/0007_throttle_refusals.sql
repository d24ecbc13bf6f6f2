CREATE TABLE "auth_refusals" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "auth_refusals_kind_key_pk" PRIMARY KEY("kind","key")
);
