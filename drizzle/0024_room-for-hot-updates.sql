-- Room in each page for the graph's counters to be updated in place. Every sighting updates its
-- identifiers, their workspace shares, links and link sources; with full pages (fillfactor 100)
-- each new row version lands on another page and writes an entry into every index of the table
-- (five for identifiers). With free space the update is HOT: same page, no index write.
-- Applies to pages written from now on; `VACUUM FULL` rewrites older ones (docs/scaling.md).
ALTER TABLE "identifiers" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "identifier_contributions" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "identifier_links" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "link_sources" SET (fillfactor = 70);
