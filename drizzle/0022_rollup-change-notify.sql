-- Announces changes to completed hours of observation_rollups on the verity_rollup_changes
-- channel, so each server process drops its cached pattern summaries of those identifiers
-- (lib/services/graph/summary-cache.ts). The caches hold only hours that ended more than an hour
-- ago; a live sighting writes the current hour (the previous one when its commit straddles the
-- hour) and announces nothing, so only backdated events, records, erasure and restores do.
-- The payload lists the identifiers (at most 100) or is '*' for more. Triggers, not the
-- services, so that every writer (server, CLI, seed, SQL by hand) is announced.
CREATE FUNCTION "notify_rollup_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
BEGIN
  SELECT array_agg(id) INTO ids FROM (
    SELECT DISTINCT identifier_id AS id FROM changed
    WHERE hour < to_timestamp(floor(extract(epoch FROM clock_timestamp()) / 3600) * 3600)
    LIMIT 101) c;
  IF ids IS NOT NULL THEN
    PERFORM pg_notify('verity_rollup_changes',
      CASE WHEN cardinality(ids) > 100 THEN '*' ELSE array_to_string(ids, ',') END);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "observation_rollups_notify_insert"
  AFTER INSERT ON "observation_rollups" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_rollup_change"();
--> statement-breakpoint
CREATE TRIGGER "observation_rollups_notify_update"
  AFTER UPDATE ON "observation_rollups" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_rollup_change"();
--> statement-breakpoint
CREATE TRIGGER "observation_rollups_notify_delete"
  AFTER DELETE ON "observation_rollups" REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_rollup_change"();
