ALTER TABLE "posts" ADD COLUMN "quote_note_id" uuid;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "quote_authorization_uri" text;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_one_quote_check" CHECK ("posts"."quote_of" is null or "posts"."quote_note_id" is null);