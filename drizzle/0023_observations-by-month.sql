-- Observations partitioned by month of observed_at (UTC), so that old months are dropped whole
-- past the retention (lib/services/maintenance/observation-partitions.ts) while the hours they
-- held stay in observation_rollups. A default partition takes any row no monthly partition
-- covers (a sighting backdated past the oldest month kept, or a month not yet created), so an
-- insert never fails for want of a partition. The rows are copied over in this transaction.
ALTER TABLE "observations" RENAME TO "observations_unpartitioned";--> statement-breakpoint
ALTER TABLE "observations_unpartitioned" RENAME CONSTRAINT "observations_pkey" TO "observations_unpartitioned_pkey";--> statement-breakpoint
ALTER TABLE "observations_unpartitioned" RENAME CONSTRAINT "observations_identifier_id_identifiers_id_fk" TO "observations_unpartitioned_identifier_fk";--> statement-breakpoint
ALTER INDEX "observations_identifier_time_idx" RENAME TO "observations_unpartitioned_identifier_time_idx";--> statement-breakpoint
CREATE TABLE "observations" (
	"seq" bigint DEFAULT nextval('observations_seq_seq') NOT NULL,
	"identifier_id" text NOT NULL,
	"type" text NOT NULL,
	"source" text NOT NULL,
	"workspace_id" text GENERATED ALWAYS AS (split_part(source, ':', 1)) STORED NOT NULL,
	"country" text,
	"observed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "observations_seq_observed_at_pk" PRIMARY KEY("seq","observed_at")
) PARTITION BY RANGE ("observed_at");--> statement-breakpoint
ALTER SEQUENCE "observations_seq_seq" OWNED BY "observations"."seq";--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_identifier_id_identifiers_id_fk" FOREIGN KEY ("identifier_id") REFERENCES "public"."identifiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "observations_identifier_time_idx" ON "observations" USING btree ("identifier_id","observed_at");--> statement-breakpoint
CREATE TABLE "observations_default" PARTITION OF "observations" DEFAULT;--> statement-breakpoint
-- Creates the partition of the month holding `at` (UTC) unless it exists, first moving that
-- month's rows out of the default partition (which may not keep rows a new partition covers).
-- Returns the partition's name when it was created, else null. Run by the schema owner.
CREATE FUNCTION "create_observation_partition"("at" timestamptz) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  month timestamp := date_trunc('month', "at" AT TIME ZONE 'UTC');
  lower timestamptz := month AT TIME ZONE 'UTC';
  upper timestamptz := (month + interval '1 month') AT TIME ZONE 'UTC';
  name text := 'observations_' || to_char(month, 'YYYY_MM');
  moving boolean;
BEGIN
  IF to_regclass(format('%I', name)) IS NOT NULL THEN
    RETURN NULL;
  END IF;
  SELECT EXISTS (SELECT 1 FROM "observations_default" WHERE "observed_at" >= lower AND "observed_at" < upper)
    INTO moving;
  IF moving THEN
    CREATE TEMP TABLE "observations_moving" ON COMMIT DROP AS
      SELECT "seq", "identifier_id", "type", "source", "country", "observed_at" FROM "observations_default" WITH NO DATA;
    WITH moved AS (
      DELETE FROM "observations_default" WHERE "observed_at" >= lower AND "observed_at" < upper
      RETURNING "seq", "identifier_id", "type", "source", "country", "observed_at")
    INSERT INTO "observations_moving" SELECT * FROM moved;
  END IF;
  EXECUTE format('CREATE TABLE %I PARTITION OF "observations" FOR VALUES FROM (%L) TO (%L)', name, lower, upper);
  IF moving THEN
    INSERT INTO "observations" ("seq", "identifier_id", "type", "source", "country", "observed_at")
      SELECT * FROM "observations_moving";
    DROP TABLE "observations_moving";
  END IF;
  RETURN name;
END
$$;--> statement-breakpoint
-- A partition for each month that holds rows, and for this month and the next two.
SELECT "create_observation_partition"(m) FROM (
  SELECT DISTINCT date_trunc('month', "observed_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS m FROM "observations_unpartitioned"
  UNION
  SELECT (date_trunc('month', now() AT TIME ZONE 'UTC') + make_interval(months => k)) AT TIME ZONE 'UTC'
  FROM generate_series(0, 2) AS k
) months ORDER BY m;--> statement-breakpoint
INSERT INTO "observations" ("seq", "identifier_id", "type", "source", "country", "observed_at")
  SELECT "seq", "identifier_id", "type", "source", "country", "observed_at" FROM "observations_unpartitioned";--> statement-breakpoint
DROP TABLE "observations_unpartitioned";
