CREATE TABLE "fed_note_likes" (
	"note_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"like_uri" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fed_note_likes_note_id_user_id_pk" PRIMARY KEY("note_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "fed_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uri" text NOT NULL,
	"actor_id" uuid NOT NULL,
	"text" text NOT NULL,
	"url" text,
	"in_reply_to" text,
	"local_post_id" uuid,
	"published_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone,
	"likes_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fed_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"note_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fed_note_likes" ADD CONSTRAINT "fed_note_likes_note_id_fed_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."fed_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fed_note_likes" ADD CONSTRAINT "fed_note_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fed_notes" ADD CONSTRAINT "fed_notes_actor_id_fed_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."fed_actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fed_notes" ADD CONSTRAINT "fed_notes_local_post_id_posts_id_fk" FOREIGN KEY ("local_post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fed_replies" ADD CONSTRAINT "fed_replies_note_id_fed_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."fed_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fed_replies" ADD CONSTRAINT "fed_replies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fed_notes_uri_idx" ON "fed_notes" USING btree ("uri");--> statement-breakpoint
CREATE INDEX "fed_notes_actor_published_idx" ON "fed_notes" USING btree ("actor_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "fed_notes_local_post_idx" ON "fed_notes" USING btree ("local_post_id","published_at","id") WHERE "fed_notes"."local_post_id" is not null;--> statement-breakpoint
CREATE INDEX "fed_replies_note_created_idx" ON "fed_replies" USING btree ("note_id","created_at","id");