-- Reposts written into home timelines at the repost's time (docs/feed.md "Reposts in the
-- timelines"), so a first page reads them from the reader's rows instead of probing every followee.
-- Filled for the last 30 days (TIMELINE_DAYS) from both repost tables: the reposter's own row, and
-- their followers' unless they are merged at read (feed_pull_authors, which a reposter with 1,000
-- followers or more joins, as when they post).
CREATE TABLE "home_reposts" (
	"reader_id" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"repost_id" uuid NOT NULL,
	"reposter_id" text NOT NULL,
	"own" boolean GENERATED ALWAYS AS (reader_id = reposter_id) STORED,
	CONSTRAINT "home_reposts_reader_id_kind_created_at_repost_id_reposter_id_pk" PRIMARY KEY("reader_id","kind","created_at","repost_id","reposter_id")
);
--> statement-breakpoint
ALTER TABLE "home_reposts" ADD CONSTRAINT "home_reposts_reader_id_users_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "home_reposts_own_idx" ON "home_reposts" USING btree ("reposter_id","kind","created_at" DESC NULLS LAST,"repost_id" DESC NULLS LAST) WHERE "home_reposts"."own";--> statement-breakpoint
INSERT INTO "feed_pull_authors" ("user_id")
SELECT r."user_id" FROM (
  SELECT "user_id" FROM "post_reposts" WHERE "created_at" > now() - interval '30 days'
  UNION SELECT "user_id" FROM "fed_note_reposts" WHERE "created_at" > now() - interval '30 days'
) r
JOIN "profiles" p ON p."user_id" = r."user_id"
WHERE p."followers_count" >= 1000
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "home_reposts" ("reader_id", "kind", "created_at", "repost_id", "reposter_id")
SELECT t."reader_id", s."kind", s."created_at", s."id", s."user_id"
FROM (
  SELECT 'post' AS "kind", "id", "user_id", "created_at" FROM "post_reposts"
  WHERE "created_at" > now() - interval '30 days'
  UNION ALL SELECT 'note', "id", "user_id", "created_at" FROM "fed_note_reposts"
  WHERE "created_at" > now() - interval '30 days'
) s
CROSS JOIN LATERAL (
  SELECT s."user_id" AS "reader_id"
  UNION SELECT f."follower_id" FROM "followers" f
  WHERE f."following_id" = s."user_id"
    AND NOT EXISTS (SELECT 1 FROM "feed_pull_authors" a WHERE a."user_id" = s."user_id")
) t
ON CONFLICT DO NOTHING;