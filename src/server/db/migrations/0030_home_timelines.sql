-- Home timelines written at post time (docs/feed.md "Timelines written at post time"), filled
-- here for the last 30 days (TIMELINE_DAYS) from the follows and live posts already there;
-- authors with 1,000 followers or more (PULL_FOLLOWERS) are merged at read instead.
CREATE TABLE "feed_pull_authors" (
	"user_id" text PRIMARY KEY NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "home_timelines" (
	"reader_id" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"post_id" uuid NOT NULL,
	CONSTRAINT "home_timelines_reader_id_created_at_post_id_pk" PRIMARY KEY("reader_id","created_at","post_id")
);
--> statement-breakpoint
ALTER TABLE "feed_pull_authors" ADD CONSTRAINT "feed_pull_authors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_timelines" ADD CONSTRAINT "home_timelines_reader_id_users_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "feed_pull_authors" ("user_id")
SELECT "user_id" FROM "profiles" WHERE "followers_count" >= 1000;--> statement-breakpoint
INSERT INTO "home_timelines" ("reader_id", "created_at", "post_id")
SELECT r."reader_id", p."created_at", p."id"
FROM "posts" p
CROSS JOIN LATERAL (
  SELECT f."follower_id" AS "reader_id" FROM "followers" f WHERE f."following_id" = p."user_id"
  UNION ALL SELECT p."user_id"
) r
WHERE p."deleted_at" IS NULL AND p."created_at" > now() - interval '30 days'
  AND NOT EXISTS (SELECT 1 FROM "feed_pull_authors" a WHERE a."user_id" = p."user_id")
ON CONFLICT DO NOTHING;