-- Announces every change that matters to authentication on the verity_key_changes channel, so
-- each server process drops its in-process key cache at commit (lib/services/keys/key-cache.ts).
-- Triggers, not the services, so that every path (console, CLI, SQL by hand) is announced.
CREATE FUNCTION "notify_key_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('verity_key_changes', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "api_keys_notify_change"
  AFTER INSERT OR UPDATE OR DELETE ON "api_keys"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_key_change"();
--> statement-breakpoint
-- Only the columns authentication reads: trial Verify calls update verify_used on every call.
CREATE TRIGGER "workspaces_notify_change"
  AFTER UPDATE OF "rate_limit_per_sec", "trial_quota" OR DELETE ON "workspaces"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_key_change"();
