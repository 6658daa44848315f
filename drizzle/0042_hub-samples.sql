-- Issue 35: reads at a hub (a street address or an SSN shared by thousands) that cost the same at
-- any size, whatever the planner's statistics say.
--
-- Names by their comparison key (lib/services/graph/facts-query.ts nameKey): whether a request's
-- name is linked to a hub is asked from the name's side.
CREATE INDEX "identifiers_name_key_idx" ON "identifiers" USING btree ((split_part("value", '|', 1) || '|' || split_part("value", '|', 3))) WHERE "identifiers"."kind" = 'name';
--> statement-breakpoint
-- The first p_cap identifiers linked to p_id on each side of the stored pair (a_id < b_id), in
-- the other end's order: two ordered index ranges, each cut at p_cap. With statistics that lag a
-- hub grown since the last ANALYZE, the same statement inline was planned as a bitmap of the
-- hub's whole index range and a sort (every link read to keep the first 250). The settings below
-- hold only while the function runs and leave it no other plan; SET also keeps it from being
-- inlined, so the calling statement cannot turn it back into a join.
CREATE FUNCTION "graph_neighbours"("p_id" text, "p_cap" integer) RETURNS SETOF text
  LANGUAGE sql STABLE PARALLEL SAFE ROWS 50
  SET enable_bitmapscan = off
  SET enable_seqscan = off
  SET enable_sort = off
AS $$
  (SELECT "b_id" FROM "identifier_links" WHERE "a_id" = "p_id" ORDER BY "b_id" LIMIT "p_cap")
  UNION ALL
  (SELECT "a_id" FROM "identifier_links" WHERE "b_id" = "p_id" ORDER BY "a_id" LIMIT "p_cap")
$$;
