ALTER TABLE "workspaces" ALTER COLUMN "rate_limit_per_sec" SET DEFAULT 100;--> statement-breakpoint
-- Every key has a limit now: unlimited workspaces take the default (DEFAULT_RATE_LIMIT_PER_SEC); a
-- rate set before stays the default of all its keys, as it was.
UPDATE "workspaces" SET "rate_limit_per_sec" = 100 WHERE "rate_limit_per_sec" IS NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ALTER COLUMN "rate_limit_per_sec" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "rate_limit_per_sec" real;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_rate_limit_positive" CHECK ("api_keys"."rate_limit_per_sec" > 0);--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_rate_limit_positive" CHECK ("workspaces"."rate_limit_per_sec" > 0);