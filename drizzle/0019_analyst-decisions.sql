CREATE TABLE "decision_reasons" (
	"workspace_id" text NOT NULL,
	"decision" text NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "decision_reasons_workspace_id_decision_label_pk" PRIMARY KEY("workspace_id","decision","label"),
	CONSTRAINT "decision_reasons_decision" CHECK ("decision_reasons"."decision" in ('approve', 'review', 'decline'))
);
--> statement-breakpoint
CREATE TABLE "session_decisions" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"session_id" text NOT NULL,
	"decision" text NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"actor" text NOT NULL,
	"request_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_decisions_decision" CHECK ("session_decisions"."decision" in ('approve', 'review', 'decline'))
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "decision" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "assigned_to" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "decision_reasons" ADD CONSTRAINT "decision_reasons_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_decisions" ADD CONSTRAINT "session_decisions_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_decisions_session_created_idx" ON "session_decisions" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE INDEX "sessions_review_queue_idx" ON "sessions" USING btree ("workspace_id","created_at","id") WHERE "sessions"."decision" is null and "sessions"."last_risk" > 0.5;--> statement-breakpoint
-- Decisions are append-only whatever the path (console, CLI, SQL by hand): no UPDATE ever, and a
-- DELETE only as its session's own erasure cascades (the session row is gone by then).
CREATE FUNCTION "session_decisions_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM "sessions" WHERE "id" = OLD."session_id") THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'session_decisions is append-only: % refused', TG_OP USING ERRCODE = 'P0001';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "session_decisions_append_only"
  BEFORE UPDATE OR DELETE ON "session_decisions"
  FOR EACH ROW EXECUTE FUNCTION "session_decisions_append_only"();
--> statement-breakpoint
-- The workspaces of before this migration get the default reasons; new ones get them from the
-- code that creates them (lib/services/decisions/reasons.ts, seedDecisionReasons).
INSERT INTO "decision_reasons" ("workspace_id", "decision", "label", "created_at")
  SELECT w."id", d."decision", d."label", now() + d."position" * interval '1 millisecond'
    FROM "workspaces" w CROSS JOIN (VALUES
    (0, 'approve', 'Verified identity'),
    (1, 'review', 'Needs documents'),
    (2, 'decline', 'Synthetic identity'),
    (3, 'decline', 'Stolen identity'),
    (4, 'decline', 'Sanctions match')
  ) AS d("position", "decision", "label")
  ON CONFLICT DO NOTHING;
