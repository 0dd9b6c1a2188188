CREATE TABLE "fed_blocked_by" (
	"actor_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fed_blocked_by_actor_id_user_id_pk" PRIMARY KEY("actor_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "fed_blocks" (
	"user_id" text NOT NULL,
	"actor_id" uuid NOT NULL,
	"block_uri" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fed_blocks_user_id_actor_id_pk" PRIMARY KEY("user_id","actor_id")
);
--> statement-breakpoint
CREATE TABLE "fed_domain_blocks" (
	"host" text PRIMARY KEY NOT NULL,
	"severity" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fed_domain_blocks_severity" CHECK ("fed_domain_blocks"."severity" in ('suspend', 'silence', 'reject_media'))
);
--> statement-breakpoint
ALTER TABLE "fed_blocked_by" ADD CONSTRAINT "fed_blocked_by_actor_id_fed_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."fed_actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fed_blocked_by" ADD CONSTRAINT "fed_blocked_by_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fed_blocks" ADD CONSTRAINT "fed_blocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fed_blocks" ADD CONSTRAINT "fed_blocks_actor_id_fed_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."fed_actors"("id") ON DELETE cascade ON UPDATE no action;