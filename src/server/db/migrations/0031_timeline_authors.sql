-- Timeline rows carry their post's author (docs/feed.md "Timelines written at post time"), so the
-- first page is read from the timeline's key alone. Timelines are derived from posts and follows:
-- emptied and filled again for the last 30 days (TIMELINE_DAYS) as 0030 did, now without the
-- rows of deleted posts, which the read no longer checks.
TRUNCATE "home_timelines";--> statement-breakpoint
ALTER TABLE "home_timelines" DROP CONSTRAINT "home_timelines_reader_id_created_at_post_id_pk";--> statement-breakpoint
ALTER TABLE "home_timelines" ADD COLUMN "author_id" text NOT NULL;--> statement-breakpoint
INSERT INTO "home_timelines" ("reader_id", "created_at", "post_id", "author_id")
SELECT r."reader_id", p."created_at", p."id", p."user_id"
FROM "posts" p
CROSS JOIN LATERAL (
  SELECT f."follower_id" AS "reader_id" FROM "followers" f WHERE f."following_id" = p."user_id"
  UNION SELECT p."user_id"
) r
WHERE p."deleted_at" IS NULL AND p."created_at" > now() - interval '30 days'
  AND NOT EXISTS (SELECT 1 FROM "feed_pull_authors" a WHERE a."user_id" = p."user_id");--> statement-breakpoint
ALTER TABLE "home_timelines" ADD CONSTRAINT "home_timelines_reader_id_created_at_post_id_author_id_pk" PRIMARY KEY("reader_id","created_at","post_id","author_id");
