-- Announces changes of a workspace's rules and webhook endpoints, with its id, so every server
-- process drops its cached copy at commit (lib/services/rules/get-rules.ts and
-- lib/services/webhooks/outbox.ts) rather than up to five seconds later.
CREATE FUNCTION "notify_workspace_rules_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('verity_rules_changes', NEW.workspace_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "workspace_rules_notify_change"
  AFTER INSERT ON "workspace_rules"
  FOR EACH ROW EXECUTE FUNCTION "notify_workspace_rules_change"();
--> statement-breakpoint
CREATE FUNCTION "notify_webhook_endpoints_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('verity_webhook_endpoints_changes', COALESCE(NEW.workspace_id, OLD.workspace_id));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "webhook_endpoints_notify_change"
  AFTER INSERT OR UPDATE OR DELETE ON "webhook_endpoints"
  FOR EACH ROW EXECUTE FUNCTION "notify_webhook_endpoints_change"();
