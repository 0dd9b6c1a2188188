ALTER TABLE "user_activity" DROP CONSTRAINT "user_activity_type_check";--> statement-breakpoint
ALTER TABLE "user_activity" ALTER COLUMN "actor_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "user_activity" ADD COLUMN "fed_actor_id" uuid;--> statement-breakpoint
ALTER TABLE "user_activity" ADD COLUMN "fed_note_id" uuid;--> statement-breakpoint
ALTER TABLE "user_activity" ADD CONSTRAINT "user_activity_fed_actor_id_fed_actors_id_fk" FOREIGN KEY ("fed_actor_id") REFERENCES "public"."fed_actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_activity" ADD CONSTRAINT "user_activity_fed_note_id_fed_notes_id_fk" FOREIGN KEY ("fed_note_id") REFERENCES "public"."fed_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_activity_fed_actor_idx" ON "user_activity" USING btree ("fed_actor_id") WHERE "user_activity"."fed_actor_id" is not null;--> statement-breakpoint
CREATE INDEX "user_activity_fed_note_idx" ON "user_activity" USING btree ("fed_note_id") WHERE "user_activity"."fed_note_id" is not null;--> statement-breakpoint
ALTER TABLE "user_activity" ADD CONSTRAINT "user_activity_one_actor" CHECK (("user_activity"."actor_id" is null) <> ("user_activity"."fed_actor_id" is null));--> statement-breakpoint
ALTER TABLE "user_activity" ADD CONSTRAINT "user_activity_type_check" CHECK ("user_activity"."type" in ('LIKE', 'COMMENT', 'REPLY', 'FOLLOW', 'FOLLOW_REQUEST', 'FOLLOW_ACCEPTED', 'MENTION'));