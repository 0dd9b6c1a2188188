-- One open report per reporter and target (docs/safety.md "Report"): open duplicates filed before
-- this rule are removed, the earliest of each kept, so the unique index can be built.
DELETE FROM "reports" AS "later" USING "reports" AS "first" WHERE "later"."status" = 'open' AND "first"."status" = 'open' AND "first"."reporter_id" = "later"."reporter_id" AND "first"."target_type" = "later"."target_type" AND "first"."target_id" = "later"."target_id" AND ("first"."created_at", "first"."id") < ("later"."created_at", "later"."id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_reporter_target_idx" ON "reports" USING btree ("reporter_id","target_type","target_id") WHERE "reports"."status" = 'open';
