-- Comments can be deleted by their author or the post's author (docs/feed.md "Comments"): a
-- tombstone keeps the replies in place.
ALTER TABLE "post_comments" ADD COLUMN "deleted_at" timestamp with time zone;