CREATE TABLE "reading_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"expand_content_warnings" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fed_notes" ADD COLUMN "summary" text;--> statement-breakpoint
ALTER TABLE "fed_notes" ADD COLUMN "sensitive" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "content_warning" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "image_sensitive" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reading_settings" ADD CONSTRAINT "reading_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;