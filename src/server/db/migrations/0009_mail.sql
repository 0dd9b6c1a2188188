-- Mail (docs/mail.md "Data"): threads between two people or a person and an outside address,
-- each member's view of a thread, the messages, and per-person mail settings.
CREATE TABLE "chat_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"thread_id" uuid NOT NULL,
	"sender_id" text,
	"sender_address" text,
	"subject" text,
	"body" text NOT NULL,
	"direction" text DEFAULT 'internal' NOT NULL,
	"message_id" text,
	"suspicious" boolean DEFAULT false NOT NULL,
	"attachments_dropped" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_thread_members" (
	"thread_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"last_message_at" timestamp (3) with time zone,
	"unread" boolean DEFAULT false NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "chat_thread_members_thread_id_user_id_pk" PRIMARY KEY("thread_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_threads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"is_direct" boolean DEFAULT true NOT NULL,
	"pair_key" text NOT NULL,
	"external_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "mail_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"email_notifications" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_thread_id_chat_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."chat_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_thread_members" ADD CONSTRAINT "chat_thread_members_thread_id_chat_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."chat_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_thread_members" ADD CONSTRAINT "chat_thread_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_preferences" ADD CONSTRAINT "mail_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_thread_created_idx" ON "chat_messages" USING btree ("thread_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chat_messages_message_id_idx" ON "chat_messages" USING btree ("message_id") WHERE "chat_messages"."message_id" is not null;--> statement-breakpoint
CREATE INDEX "chat_thread_members_list_idx" ON "chat_thread_members" USING btree ("user_id","last_message_at" DESC NULLS LAST,"thread_id" DESC NULLS LAST) WHERE "chat_thread_members"."last_message_at" is not null;--> statement-breakpoint
CREATE INDEX "chat_thread_members_unread_idx" ON "chat_thread_members" USING btree ("user_id") WHERE "chat_thread_members"."unread";--> statement-breakpoint
CREATE UNIQUE INDEX "chat_threads_pair_key" ON "chat_threads" USING btree ("pair_key");