-- A hub's first neighbours as one short ordered range (issue 35): lookups from b read the
-- other end in order, index-only, as the primary key does from a (lib/services/graph/facts-query.ts).
DROP INDEX "identifier_links_b_idx";--> statement-breakpoint
CREATE INDEX "identifier_links_b_idx" ON "identifier_links" USING btree ("b_id","a_id");