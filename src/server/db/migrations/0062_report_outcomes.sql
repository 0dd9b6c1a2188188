ALTER TABLE "user_activity" DROP CONSTRAINT "user_activity_type_check";--> statement-breakpoint
ALTER TABLE "user_activity" DROP CONSTRAINT "user_activity_one_actor";--> statement-breakpoint
ALTER TABLE "user_activity" ADD COLUMN "action_id" uuid;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD COLUMN "reporter_note" text;--> statement-breakpoint
ALTER TABLE "user_activity" ADD CONSTRAINT "user_activity_action_id_moderation_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."moderation_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_activity_report_outcome_idx" ON "user_activity" USING btree ("recipient_id","action_id") WHERE "user_activity"."action_id" is not null;--> statement-breakpoint
ALTER TABLE "user_activity" ADD CONSTRAINT "user_activity_type_check" CHECK ("user_activity"."type" in ('LIKE', 'COMMENT', 'REPLY', 'FOLLOW', 'FOLLOW_REQUEST', 'FOLLOW_ACCEPTED', 'MENTION', 'REPOST', 'QUOTE', 'REPORT_OUTCOME'));--> statement-breakpoint
ALTER TABLE "user_activity" ADD CONSTRAINT "user_activity_one_actor" CHECK (case when "user_activity"."type" = 'REPORT_OUTCOME' then "user_activity"."actor_id" is null and "user_activity"."fed_actor_id" is null and "user_activity"."action_id" is not null else ("user_activity"."actor_id" is null) <> ("user_activity"."fed_actor_id" is null) end);