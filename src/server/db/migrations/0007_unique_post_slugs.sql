-- A post's path is unique per author (docs/feed.md "Post links"). Until now a repeated slug opened
-- the author's newest post with it, so that post keeps the plain slug and every older one gets the
-- stable suffix a new post would get (slugCandidates in src/domain/post-slug.ts): the first 6 hex
-- digits of its id, or all 32 where even those collide.
UPDATE "posts" p SET "slug" = p."slug" || '-' || left(replace(p."id"::text, '-', ''), 6)
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "user_id", "slug" ORDER BY "created_at" DESC, "id" DESC) AS n
  FROM "posts"
) r
WHERE r."id" = p."id" AND r.n > 1;--> statement-breakpoint
UPDATE "posts" p SET "slug" = p."slug" || substr(replace(p."id"::text, '-', ''), 7)
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "user_id", "slug" ORDER BY "created_at" DESC, "id" DESC) AS n
  FROM "posts"
) r
WHERE r."id" = p."id" AND r.n > 1;--> statement-breakpoint
DROP INDEX IF EXISTS "posts_user_slug_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "posts_user_slug_key" ON "posts" USING btree ("user_id","slug");
