ALTER TABLE "fed_notes" ADD COLUMN "quote_authorization_uri" text;--> statement-breakpoint
ALTER TABLE "fed_notes" ADD COLUMN "quote_detached_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "fed_notes_quote_authorization_idx" ON "fed_notes" USING btree ("quote_authorization_uri") WHERE "fed_notes"."quote_authorization_uri" is not null;