-- Requests for the yellow badge and the veteran medal (docs/safety.md "Badges"): one open request
-- per person and kind (badge_requests_one_open_idx); the queue reads by status, newest first; the
-- proof sweep finds decided requests whose document is still kept (docs/profiles-and-media.md).
CREATE TABLE "badge_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"category" text,
	"official_name" text,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"org_email" text,
	"org_email_confirmed_at" timestamp (3) with time zone,
	"proof_url" text,
	"proof_type" text,
	"proof_deleted_at" timestamp (3) with time zone,
	"question" text,
	"answer" text,
	"reason" text,
	"decided_by" text,
	"decided_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "badge_requests_kind_check" CHECK ("badge_requests"."kind" in ('yellow', 'veteran')),
	CONSTRAINT "badge_requests_status_check" CHECK ("badge_requests"."status" in ('open', 'more_info', 'approved', 'denied', 'revoked'))
);
--> statement-breakpoint
ALTER TABLE "badge_requests" ADD CONSTRAINT "badge_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_requests" ADD CONSTRAINT "badge_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "badge_requests_one_open_idx" ON "badge_requests" USING btree ("user_id","kind") WHERE "badge_requests"."status" in ('open', 'more_info');--> statement-breakpoint
CREATE INDEX "badge_requests_user_idx" ON "badge_requests" USING btree ("user_id","kind","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "badge_requests_queue_idx" ON "badge_requests" USING btree ("status","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "badge_requests_proof_due_idx" ON "badge_requests" USING btree ("decided_at") WHERE "badge_requests"."proof_url" is not null and "badge_requests"."proof_deleted_at" is null;