-- Records (breaches, carrier and profile facts) used to move first/last seen. Repair: every
-- observed identifier is dated by its own observations; identifiers known only from records
-- keep their columns, which mean nothing while observations = 0.
UPDATE "identifiers" AS i SET "first_seen_at" = o.first, "last_seen_at" = o.last
FROM (SELECT "identifier_id", min("observed_at") AS first, max("observed_at") AS last
      FROM "observations" GROUP BY "identifier_id") AS o
WHERE o."identifier_id" = i."id" AND (i."first_seen_at" <> o.first OR i."last_seen_at" <> o.last);
