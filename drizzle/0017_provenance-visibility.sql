CREATE TABLE "identifier_contributions" (
	"identifier_id" text NOT NULL,
	"workspace_id" text NOT NULL,
	"countries" text[] DEFAULT '{}' NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"observations" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "identifier_contributions_identifier_id_workspace_id_pk" PRIMARY KEY("identifier_id","workspace_id")
);
--> statement-breakpoint
ALTER TABLE "identifier_contributions" ADD CONSTRAINT "identifier_contributions_identifier_id_identifiers_id_fk" FOREIGN KEY ("identifier_id") REFERENCES "public"."identifiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each workspace's share of the identifiers it contributed: sightings first, then records and
-- links alone (no sighting: observations 0, dated as the identifier).
INSERT INTO "identifier_contributions" ("identifier_id", "workspace_id", "countries", "first_seen_at", "last_seen_at", "observations")
SELECT "identifier_id", "workspace_id", coalesce(array_agg(DISTINCT "country") FILTER (WHERE "country" IS NOT NULL), '{}'),
       min("observed_at"), max("observed_at"), count(*)::int
FROM "observations" GROUP BY "identifier_id", "workspace_id";--> statement-breakpoint
INSERT INTO "identifier_contributions" ("identifier_id", "workspace_id", "first_seen_at", "last_seen_at")
SELECT DISTINCT c."identifier_id", c."workspace_id", i."first_seen_at", i."last_seen_at"
FROM (
  SELECT "a_id" AS "identifier_id", "workspace_id" FROM "link_sources"
  UNION SELECT "b_id", "workspace_id" FROM "link_sources"
  UNION SELECT "identifier_id", "workspace_id" FROM "breaches"
  UNION SELECT "identifier_id", "workspace_id" FROM "profile_records"
  UNION SELECT i."id", r."workspace_id" FROM "phone_records" r JOIN "identifiers" i ON i."kind" = 'phone' AND i."value" = r."phone"
) c JOIN "identifiers" i ON i."id" = c."identifier_id"
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Confidence counts distinct contributing workspaces, not free-text source names.
UPDATE "identifier_links" l SET "sources" = c.n
FROM (SELECT "a_id", "b_id", count(DISTINCT "workspace_id")::int AS n FROM "link_sources" GROUP BY "a_id", "b_id") c
WHERE l."a_id" = c."a_id" AND l."b_id" = c."b_id" AND l."sources" <> c.n;
