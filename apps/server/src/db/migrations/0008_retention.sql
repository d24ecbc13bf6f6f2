ALTER TABLE "files" ADD COLUMN "kind" text DEFAULT 'upload' NOT NULL;--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "files_kind_created_idx" ON "files" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");