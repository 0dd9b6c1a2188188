CREATE TABLE "notification_choices" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"enabled" boolean NOT NULL,
	CONSTRAINT "notification_choices_user_id_kind_channel_pk" PRIMARY KEY("user_id","kind","channel")
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"message_previews" boolean DEFAULT false NOT NULL,
	"quiet_start" smallint,
	"quiet_end" smallint,
	"time_zone" text,
	CONSTRAINT "notification_settings_quiet_hours" CHECK (("notification_settings"."quiet_start" is null) = ("notification_settings"."quiet_end" is null) and ("notification_settings"."quiet_start" is null) = ("notification_settings"."time_zone" is null))
);
--> statement-breakpoint
ALTER TABLE "notification_choices" ADD CONSTRAINT "notification_choices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each person's e-mail switches of before, as the switches of the kinds they covered, written
-- where they differ from a new account's (docs/notifications.md "Kinds and channels").
INSERT INTO "notification_choices" ("user_id", "kind", "channel", "enabled")
SELECT u."id", m."kind", 'email', m."was"
FROM "users" u
LEFT JOIN "mail_preferences" p ON p."user_id" = u."id"
CROSS JOIN LATERAL (VALUES
	('follow', coalesce(p."email_new_followers", true), true),
	('follow_request', coalesce(p."email_new_followers", true), true),
	('like', coalesce(p."email_post_activity", true), false),
	('repost', coalesce(p."email_post_activity", true), false),
	('comment', coalesce(p."email_post_activity", true), true),
	('reply', coalesce(p."email_post_activity", true), true),
	('mention', coalesce(p."email_post_activity", true), true),
	('message', coalesce(p."email_notifications", true), true)
) AS m("kind", "was", "fresh")
WHERE m."was" <> m."fresh";--> statement-breakpoint
-- And their push switches of before.
INSERT INTO "notification_choices" ("user_id", "kind", "channel", "enabled")
SELECT p."user_id", m."kind", 'push', m."was"
FROM "push_preferences" p
CROSS JOIN LATERAL (VALUES
	('like', p."likes", false),
	('comment', p."comments", true),
	('reply', p."comments", true),
	('follow', p."follows", true),
	('follow_request', p."follows", true),
	('message', p."messages", true)
) AS m("kind", "was", "fresh")
WHERE m."was" <> m."fresh";--> statement-breakpoint
INSERT INTO "notification_settings" ("user_id", "message_previews")
SELECT "user_id", true FROM "push_preferences" WHERE "message_previews";
