-- Provenance: every observation, link source and record keeps the workspace that contributed it.
-- Sightings and link sources already carry it as the first part of their source (`ws_…` or
-- `ws_…:feed`), so their column is derived; records get a column of their own. Records stored
-- before this release are credited to the install's first workspace, the demo workspace that
-- seeded them on every install of an earlier version.
ALTER TABLE "workspaces" ADD COLUMN "share_graph" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "observations" ADD COLUMN "workspace_id" text GENERATED ALWAYS AS (split_part(source, ':', 1)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "observation_rollups" ADD COLUMN "workspace_id" text GENERATED ALWAYS AS (split_part(source, ':', 1)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "link_sources" ADD COLUMN "workspace_id" text GENERATED ALWAYS AS (split_part(source, ':', 1)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "breaches" ADD COLUMN "workspace_id" text;--> statement-breakpoint
ALTER TABLE "phone_records" ADD COLUMN "workspace_id" text;--> statement-breakpoint
ALTER TABLE "profile_records" ADD COLUMN "workspace_id" text;--> statement-breakpoint
UPDATE "breaches" SET "workspace_id" = coalesce((SELECT "id" FROM "workspaces" ORDER BY "created_at", "id" LIMIT 1), 'ws_legacy');--> statement-breakpoint
UPDATE "phone_records" SET "workspace_id" = coalesce((SELECT "id" FROM "workspaces" ORDER BY "created_at", "id" LIMIT 1), 'ws_legacy');--> statement-breakpoint
UPDATE "profile_records" SET "workspace_id" = coalesce((SELECT "id" FROM "workspaces" ORDER BY "created_at", "id" LIMIT 1), 'ws_legacy');--> statement-breakpoint
ALTER TABLE "breaches" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "phone_records" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "profile_records" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "breaches" DROP CONSTRAINT "breaches_identifier_id_breach_pk";--> statement-breakpoint
ALTER TABLE "phone_records" DROP CONSTRAINT "phone_records_phone_observed_at_line_type_carrier_pk";--> statement-breakpoint
ALTER TABLE "profile_records" DROP CONSTRAINT "profile_records_pkey";--> statement-breakpoint
ALTER TABLE "breaches" ADD CONSTRAINT "breaches_identifier_id_breach_workspace_id_pk" PRIMARY KEY("identifier_id","breach","workspace_id");--> statement-breakpoint
ALTER TABLE "phone_records" ADD CONSTRAINT "phone_records_phone_observed_at_line_type_carrier_workspace_id_pk" PRIMARY KEY("phone","observed_at","line_type","carrier","workspace_id");--> statement-breakpoint
ALTER TABLE "profile_records" ADD CONSTRAINT "profile_records_identifier_id_workspace_id_pk" PRIMARY KEY("identifier_id","workspace_id");
