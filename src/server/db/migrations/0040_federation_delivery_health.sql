CREATE TABLE "fed_delivery_health" (
	"host" text PRIMARY KEY NOT NULL,
	"delivered" bigint DEFAULT 0 NOT NULL,
	"failing" bigint DEFAULT 0 NOT NULL,
	"failed" bigint DEFAULT 0 NOT NULL,
	"last_delivered_at" timestamp (3) with time zone,
	"last_error" text,
	"last_error_at" timestamp (3) with time zone
);
