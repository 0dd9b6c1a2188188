ALTER TABLE "fed_notes" ADD COLUMN "quote_uri" text;--> statement-breakpoint
ALTER TABLE "fed_notes" ADD COLUMN "quote_post_id" uuid;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "quote_of" uuid;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "quote_detached" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "quotes_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "posts_quote_of_idx" ON "posts" USING btree ("quote_of") WHERE "posts"."quote_of" is not null;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_quotes_count_check" CHECK ("posts"."quotes_count" >= 0);