CREATE TABLE "sanction_lists" (
	"id" text PRIMARY KEY NOT NULL,
	"list" text NOT NULL,
	"format" text NOT NULL,
	"source_path" text NOT NULL,
	"published_at" timestamp with time zone,
	"entry_count" integer NOT NULL,
	"imported_at" timestamp with time zone NOT NULL,
	"entries" jsonb NOT NULL
);
