-- Deleting the account (docs/accounts.md "Deleting the account"): names held back for 90 days
-- after a deletion, and messages whose sender deleted their account ('Message deleted').
CREATE TABLE "held_names" (
	"name" text PRIMARY KEY NOT NULL,
	"held_until" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "sender_deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "held_names_held_until_idx" ON "held_names" USING btree ("held_until");