CREATE TABLE "follow_requests" (
	"requester_id" text NOT NULL,
	"target_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follow_requests_requester_id_target_id_pk" PRIMARY KEY("requester_id","target_id"),
	CONSTRAINT "follow_requests_not_self" CHECK ("follow_requests"."requester_id" <> "follow_requests"."target_id")
);
--> statement-breakpoint
ALTER TABLE "user_activity" DROP CONSTRAINT "user_activity_type_check";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "private_account" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "followers_audience" text DEFAULT 'only_me' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "following_audience" text DEFAULT 'only_me' NOT NULL;--> statement-breakpoint
ALTER TABLE "follow_requests" ADD CONSTRAINT "follow_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_requests" ADD CONSTRAINT "follow_requests_target_id_users_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follow_requests_target_created_idx" ON "follow_requests" USING btree ("target_id","created_at","requester_id");--> statement-breakpoint
ALTER TABLE "user_activity" ADD CONSTRAINT "user_activity_type_check" CHECK ("user_activity"."type" in ('LIKE', 'COMMENT', 'REPLY', 'FOLLOW', 'FOLLOW_REQUEST', 'FOLLOW_ACCEPTED'));--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_list_audiences_check" CHECK ("profiles"."followers_audience" in ('everyone', 'friends', 'only_me') and "profiles"."following_audience" in ('everyone', 'friends', 'only_me'));