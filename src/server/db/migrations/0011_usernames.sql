CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "released_usernames" (
	"name" text PRIMARY KEY NOT NULL,
	"former_user_id" text NOT NULL,
	"redirect_until" timestamp (3) with time zone NOT NULL,
	"held_until" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_payment_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"outcome" text,
	"subscription_id" text NOT NULL,
	"paid_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "username_checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"lookup_key" text NOT NULL,
	"provider" text NOT NULL,
	"session_id" text,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "username_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"lookup_key" text NOT NULL,
	"provider" text NOT NULL,
	"provider_subscription_id" text NOT NULL,
	"provider_customer_id" text,
	"status" text DEFAULT 'active' NOT NULL,
	"current_period_end" timestamp (3) with time zone NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"grace_ends_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "released_usernames" ADD CONSTRAINT "released_usernames_former_user_id_users_id_fk" FOREIGN KEY ("former_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "username_checkouts" ADD CONSTRAINT "username_checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "username_subscriptions" ADD CONSTRAINT "username_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "released_usernames_held_idx" ON "released_usernames" USING btree ("held_until");--> statement-breakpoint
CREATE UNIQUE INDEX "username_checkouts_open_name_idx" ON "username_checkouts" USING btree ("name") WHERE "username_checkouts"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "username_checkouts_session_idx" ON "username_checkouts" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "username_checkouts_open_expiry_idx" ON "username_checkouts" USING btree ("expires_at") WHERE "username_checkouts"."status" = 'open';--> statement-breakpoint
CREATE INDEX "username_checkouts_user_idx" ON "username_checkouts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "username_subscriptions_provider_id_idx" ON "username_subscriptions" USING btree ("provider_subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "username_subscriptions_live_name_idx" ON "username_subscriptions" USING btree ("name") WHERE "username_subscriptions"."status" <> 'ended';--> statement-breakpoint
CREATE UNIQUE INDEX "username_subscriptions_live_user_idx" ON "username_subscriptions" USING btree ("user_id") WHERE "username_subscriptions"."status" <> 'ended';--> statement-breakpoint
CREATE INDEX "username_subscriptions_grace_idx" ON "username_subscriptions" USING btree ("grace_ends_at") WHERE "username_subscriptions"."status" = 'grace';--> statement-breakpoint
CREATE INDEX "username_subscriptions_period_idx" ON "username_subscriptions" USING btree ("current_period_end") WHERE "username_subscriptions"."status" = 'active';