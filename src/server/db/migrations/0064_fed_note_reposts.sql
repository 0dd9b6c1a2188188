CREATE TABLE "fed_note_reposts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"note_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fed_note_reposts" ADD CONSTRAINT "fed_note_reposts_note_id_fed_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."fed_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fed_note_reposts" ADD CONSTRAINT "fed_note_reposts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fed_note_reposts_user_note_key" ON "fed_note_reposts" USING btree ("user_id","note_id");--> statement-breakpoint
CREATE INDEX "fed_note_reposts_user_created_idx" ON "fed_note_reposts" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "fed_note_reposts_note_idx" ON "fed_note_reposts" USING btree ("note_id");