CREATE TABLE "accepted_senders" (
	"user_id" text NOT NULL,
	"sender_id" text,
	"fed_actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accepted_senders_one_sender" CHECK (("accepted_senders"."sender_id" is null) <> ("accepted_senders"."fed_actor_id" is null))
);
--> statement-breakpoint
ALTER TABLE "user_activity" ADD COLUMN "held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fed_actors" ADD COLUMN "published_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "fed_actors" ADD COLUMN "first_seen_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "fed_actors" ALTER COLUMN "first_seen_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "chat_thread_members" ADD COLUMN "request" text;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "filter_new_accounts" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "accepted_senders" ADD CONSTRAINT "accepted_senders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accepted_senders" ADD CONSTRAINT "accepted_senders_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accepted_senders" ADD CONSTRAINT "accepted_senders_fed_actor_id_fed_actors_id_fk" FOREIGN KEY ("fed_actor_id") REFERENCES "public"."fed_actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accepted_senders_local_idx" ON "accepted_senders" USING btree ("user_id","sender_id") WHERE "accepted_senders"."sender_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "accepted_senders_elsewhere_idx" ON "accepted_senders" USING btree ("user_id","fed_actor_id") WHERE "accepted_senders"."fed_actor_id" is not null;--> statement-breakpoint
CREATE INDEX "accepted_senders_sender_idx" ON "accepted_senders" USING btree ("sender_id");--> statement-breakpoint
CREATE INDEX "user_activity_held_idx" ON "user_activity" USING btree ("recipient_id","created_at" DESC NULLS LAST) WHERE "user_activity"."held";--> statement-breakpoint
ALTER TABLE "chat_thread_members" ADD CONSTRAINT "chat_thread_members_request" CHECK ("chat_thread_members"."request" in ('pending', 'dismissed'));