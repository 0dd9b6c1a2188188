-- Comments are keyset-paginated like posts and follows (docs/architecture.md "Lists"): their
-- cursor carries milliseconds, so the column stores milliseconds too.
ALTER TABLE "post_comments" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "post_comments" ALTER COLUMN "created_at" SET DEFAULT now();