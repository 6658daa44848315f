-- A Verify or Signals call with several identifiers used to write an `id_resolution` observation
-- of each next to its `verification` or `signals` one, counting the call twice. API calls' sources
-- are bare workspace ids (feeds' are `<workspace>:<feed>`), so those copies are exactly the
-- `id_resolution` rows whose source has no colon. Drop them, their rollups, and their counts.
WITH "removed" AS (
  DELETE FROM "observations" WHERE "type" = 'id_resolution' AND position(':' in "source") = 0
  RETURNING "identifier_id")
UPDATE "identifiers" AS i SET "observations" = i."observations" - r.n
FROM (SELECT "identifier_id", count(*)::int AS n FROM "removed" GROUP BY "identifier_id") AS r
WHERE r."identifier_id" = i."id";
--> statement-breakpoint
DELETE FROM "observation_rollups" WHERE "type" = 'id_resolution' AND position(':' in "source") = 0;
