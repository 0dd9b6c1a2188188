CREATE TABLE "fed_post_likes" (
	"post_id" uuid NOT NULL,
	"actor_id" uuid NOT NULL,
	"like_uri" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fed_post_likes_post_id_actor_id_pk" PRIMARY KEY("post_id","actor_id")
);
--> statement-breakpoint
ALTER TABLE "fed_post_likes" ADD CONSTRAINT "fed_post_likes_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fed_post_likes" ADD CONSTRAINT "fed_post_likes_actor_id_fed_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."fed_actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fed_post_likes_actor_idx" ON "fed_post_likes" USING btree ("actor_id");