CREATE TABLE "fed_quote_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"actor_id" uuid NOT NULL,
	"quote_uri" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fed_quote_approvals" ADD CONSTRAINT "fed_quote_approvals_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fed_quote_approvals" ADD CONSTRAINT "fed_quote_approvals_actor_id_fed_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."fed_actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fed_quote_approvals_post_quote_idx" ON "fed_quote_approvals" USING btree ("post_id","quote_uri");--> statement-breakpoint
CREATE INDEX "fed_quote_approvals_actor_idx" ON "fed_quote_approvals" USING btree ("actor_id");