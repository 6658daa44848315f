ALTER TABLE "sessions" ADD COLUMN "graph_asked" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "graph_known_month" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "graph_known_year" smallint DEFAULT 0 NOT NULL;