CREATE TABLE "workspace_rules" (
	"workspace_id" text NOT NULL,
	"version" integer NOT NULL,
	"rules" jsonb NOT NULL,
	"default_outcome" text NOT NULL,
	"default_reason_code" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_rules_workspace_id_version_pk" PRIMARY KEY("workspace_id","version")
);
--> statement-breakpoint
DROP INDEX "sessions_review_queue_idx";--> statement-breakpoint
ALTER TABLE "session_calls" ADD COLUMN "rule_facts" jsonb;--> statement-breakpoint
ALTER TABLE "session_calls" ADD COLUMN "outcome" jsonb;--> statement-breakpoint
ALTER TABLE "session_calls" ADD COLUMN "rules_version" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "workspace_rules" ADD CONSTRAINT "workspace_rules_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_review_queue_idx" ON "sessions" USING btree ("workspace_id","created_at","id") WHERE "sessions"."decision" is null and ("sessions"."outcome" = 'review' or ("sessions"."outcome" is null and "sessions"."last_risk" > 0.5));