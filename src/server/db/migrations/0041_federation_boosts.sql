CREATE TABLE "fed_boosts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uri" text NOT NULL,
	"actor_id" uuid NOT NULL,
	"note_id" uuid NOT NULL,
	"published_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fed_actors" ADD COLUMN "icon_media_url" text;--> statement-breakpoint
ALTER TABLE "fed_actors" ADD COLUMN "icon_fetched_from" text;--> statement-breakpoint
ALTER TABLE "fed_notes" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "fed_notes" ADD COLUMN "media" jsonb;--> statement-breakpoint
ALTER TABLE "fed_boosts" ADD CONSTRAINT "fed_boosts_actor_id_fed_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."fed_actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fed_boosts" ADD CONSTRAINT "fed_boosts_note_id_fed_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."fed_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fed_boosts_uri_idx" ON "fed_boosts" USING btree ("uri");--> statement-breakpoint
CREATE UNIQUE INDEX "fed_boosts_actor_note_idx" ON "fed_boosts" USING btree ("actor_id","note_id");--> statement-breakpoint
CREATE INDEX "fed_boosts_actor_published_idx" ON "fed_boosts" USING btree ("actor_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "fed_boosts_note_idx" ON "fed_boosts" USING btree ("note_id");