CREATE TABLE "fed_actors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uri" text NOT NULL,
	"handle" text NOT NULL,
	"host" text NOT NULL,
	"inbox" text NOT NULL,
	"shared_inbox" text,
	"name" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"icon_url" text,
	"url" text,
	"manually_approves_followers" boolean DEFAULT false NOT NULL,
	"fetched_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fed_followers" (
	"actor_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"follow_uri" text NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fed_followers_actor_id_user_id_pk" PRIMARY KEY("actor_id","user_id"),
	CONSTRAINT "fed_followers_state" CHECK ("fed_followers"."state" in ('pending', 'accepted'))
);
--> statement-breakpoint
CREATE TABLE "fed_following" (
	"user_id" text NOT NULL,
	"actor_id" uuid NOT NULL,
	"follow_uri" text NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fed_following_user_id_actor_id_pk" PRIMARY KEY("user_id","actor_id"),
	CONSTRAINT "fed_following_state" CHECK ("fed_following"."state" in ('pending', 'accepted'))
);
--> statement-breakpoint
CREATE TABLE "fed_keys" (
	"owner" text PRIMARY KEY NOT NULL,
	"rsa_public" jsonb NOT NULL,
	"rsa_private" text NOT NULL,
	"ed25519_public" jsonb NOT NULL,
	"ed25519_private" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fed_kv" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"expires_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "fed_queue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message" jsonb NOT NULL,
	"ordering_key" text,
	"available_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fed_followers" ADD CONSTRAINT "fed_followers_actor_id_fed_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."fed_actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fed_followers" ADD CONSTRAINT "fed_followers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fed_following" ADD CONSTRAINT "fed_following_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fed_following" ADD CONSTRAINT "fed_following_actor_id_fed_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."fed_actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fed_actors_uri_idx" ON "fed_actors" USING btree ("uri");--> statement-breakpoint
CREATE INDEX "fed_actors_handle_idx" ON "fed_actors" USING btree ("handle");--> statement-breakpoint
CREATE INDEX "fed_followers_user_idx" ON "fed_followers" USING btree ("user_id","state","created_at");--> statement-breakpoint
CREATE INDEX "fed_following_actor_idx" ON "fed_following" USING btree ("actor_id","state");--> statement-breakpoint
CREATE INDEX "fed_kv_expires_idx" ON "fed_kv" USING btree ("expires_at") WHERE "fed_kv"."expires_at" is not null;--> statement-breakpoint
CREATE INDEX "fed_queue_due_idx" ON "fed_queue" USING btree ("available_at","id");--> statement-breakpoint
CREATE INDEX "fed_queue_ordering_idx" ON "fed_queue" USING btree ("ordering_key","id") WHERE "fed_queue"."ordering_key" is not null;