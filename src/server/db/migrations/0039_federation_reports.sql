CREATE TABLE "fed_flags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"direction" text NOT NULL,
	"flag_uri" text NOT NULL,
	"reporter" text NOT NULL,
	"host" text NOT NULL,
	"objects" jsonb NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fed_flags_direction" CHECK ("fed_flags"."direction" in ('in', 'out')),
	CONSTRAINT "fed_flags_status" CHECK ("fed_flags"."status" in ('open', 'closed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "fed_flags_uri_idx" ON "fed_flags" USING btree ("flag_uri");--> statement-breakpoint
CREATE INDEX "fed_flags_open_idx" ON "fed_flags" USING btree ("created_at" DESC NULLS LAST) WHERE "fed_flags"."status" = 'open';