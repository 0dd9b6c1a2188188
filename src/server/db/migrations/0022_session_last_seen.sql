-- Where you're signed in (docs/accounts.md): when each session was last used. Sessions from
-- before this change were last refreshed at their updated_at.
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "sessions" SET "last_seen_at" = "updated_at";
