CREATE TABLE "server_secret" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "server_secret_one_row" CHECK ("server_secret"."id" = 1)
);
