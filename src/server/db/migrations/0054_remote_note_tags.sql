CREATE TABLE "fed_note_tags" (
	"note_id" uuid NOT NULL,
	"tag" text NOT NULL,
	"published_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "fed_note_tags_note_id_tag_pk" PRIMARY KEY("note_id","tag")
);
--> statement-breakpoint
ALTER TABLE "fed_note_tags" ADD CONSTRAINT "fed_note_tags_note_id_fed_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."fed_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fed_note_tags_tag_published_idx" ON "fed_note_tags" USING btree ("tag","published_at" DESC NULLS LAST,"note_id" DESC NULLS LAST);