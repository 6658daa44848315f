CREATE TABLE "key_usage_hourly" (
	"workspace_id" text NOT NULL,
	"key_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"status_class" text NOT NULL,
	"requests" integer NOT NULL,
	CONSTRAINT "key_usage_hourly_key_id_endpoint_hour_status_class_pk" PRIMARY KEY("key_id","endpoint","hour","status_class")
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "key_usage_hourly" ADD CONSTRAINT "key_usage_hourly_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_usage_hourly" ADD CONSTRAINT "key_usage_hourly_key_id_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "key_usage_hourly_workspace_hour_idx" ON "key_usage_hourly" USING btree ("workspace_id","hour");--> statement-breakpoint
-- The usage flush stamps api_keys.last_used_at every few seconds, and a label change is of no
-- concern to authentication: neither may empty every process's key cache. Announce only the
-- columns authentication reads (and inserts and deletes), as the workspaces trigger does.
DROP TRIGGER "api_keys_notify_change" ON "api_keys";
--> statement-breakpoint
CREATE TRIGGER "api_keys_notify_change"
  AFTER INSERT OR DELETE OR UPDATE OF "hash", "workspace_id", "scopes", "expires_at", "revoked_at", "rate_limit_per_sec" ON "api_keys"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_key_change"();
