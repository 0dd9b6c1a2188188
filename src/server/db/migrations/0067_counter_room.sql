-- Room on each page for a new version of a row whose counter moves (docs/performance.md "Posts,
-- likes and follows"): a follow moves two profiles' counters and a like a post's, and a version
-- that fits on its own page is a heap-only update, which writes none of the table's indexes
-- (profiles has 24, seven of them GIN). Pages written from now on keep the room; older ones gain
-- it when rewritten (docs/operations.md "Database").
ALTER TABLE "profiles" SET (fillfactor = 80);--> statement-breakpoint
ALTER TABLE "posts" SET (fillfactor = 90);
