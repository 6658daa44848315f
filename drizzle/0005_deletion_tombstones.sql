CREATE TABLE "deletion_tombstones" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"workspace_id" text NOT NULL,
	"request_id" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL
);
