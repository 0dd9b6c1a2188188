CREATE TABLE "post_bookmarks" (
	"user_id" text NOT NULL,
	"post_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_bookmarks_user_id_post_id_pk" PRIMARY KEY("user_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "post_pins" (
	"user_id" text NOT NULL,
	"slot" integer NOT NULL,
	"post_id" uuid NOT NULL,
	"pinned_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_pins_user_id_slot_pk" PRIMARY KEY("user_id","slot"),
	CONSTRAINT "post_pins_slot_check" CHECK ("post_pins"."slot" between 1 and 3)
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "banner_url" text;--> statement-breakpoint
ALTER TABLE "post_bookmarks" ADD CONSTRAINT "post_bookmarks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_bookmarks" ADD CONSTRAINT "post_bookmarks_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_pins" ADD CONSTRAINT "post_pins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_pins" ADD CONSTRAINT "post_pins_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_bookmarks_user_created_idx" ON "post_bookmarks" USING btree ("user_id","created_at" DESC NULLS LAST,"post_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "post_bookmarks_post_idx" ON "post_bookmarks" USING btree ("post_id");--> statement-breakpoint
CREATE UNIQUE INDEX "post_pins_post_key" ON "post_pins" USING btree ("post_id");