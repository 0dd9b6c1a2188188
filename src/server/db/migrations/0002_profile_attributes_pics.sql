CREATE TABLE "user_profile_pics" (
	"user_id" text PRIMARY KEY NOT NULL,
	"userpic_1" text,
	"userpic_2" text,
	"userpic_3" text,
	"userpic_4" text,
	"userpic_5" text,
	"userpic_6" text,
	"userpic_7" text,
	"userpic_8" text,
	"userpic_9" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "county" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "city_lat" double precision;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "city_lng" double precision;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "age" integer;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "gender" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "race" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "sexuality" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "zodiac" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "body_types" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "height" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "relationship_status" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "kids" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "occupation" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "military_branch" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "military_base" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "university" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "hbcu" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "salary" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "networth" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "greek" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "religion" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "education" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "causes" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "face_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "face_capture_url" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "face_match_score" real;--> statement-breakpoint
ALTER TABLE "user_profile_pics" ADD CONSTRAINT "user_profile_pics_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;