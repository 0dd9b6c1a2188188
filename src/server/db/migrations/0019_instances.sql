CREATE TABLE "instances" (
	"id" text PRIMARY KEY NOT NULL,
	"redis" boolean NOT NULL,
	"started_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
