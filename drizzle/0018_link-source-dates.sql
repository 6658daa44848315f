-- Each link source's first and last sighting of its pair. Existing sources take their link's dates
-- (the best an install without per-source dates knows), then the columns become required.
ALTER TABLE "link_sources" ADD COLUMN "first_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "link_sources" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
UPDATE "link_sources" s SET "first_seen_at" = l."first_seen_at", "last_seen_at" = l."last_seen_at"
  FROM "identifier_links" l WHERE l."a_id" = s."a_id" AND l."b_id" = s."b_id";--> statement-breakpoint
UPDATE "link_sources" SET "first_seen_at" = now(), "last_seen_at" = now() WHERE "first_seen_at" IS NULL;--> statement-breakpoint
ALTER TABLE "link_sources" ALTER COLUMN "first_seen_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "link_sources" ALTER COLUMN "last_seen_at" SET NOT NULL;
