-- Keyset cursors carry milliseconds (JavaScript dates): with microseconds stored, two rows in the
-- same millisecond could make a next page skip one. Millisecond columns make the cursor exact.
ALTER TABLE "followers" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "followers" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "posts" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "posts" ALTER COLUMN "created_at" SET DEFAULT now();