CREATE TABLE "risk_policies" (
	"workspace_id" text NOT NULL,
	"version" integer NOT NULL,
	"overrides" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_policies_workspace_id_version_pk" PRIMARY KEY("workspace_id","version")
);
--> statement-breakpoint
ALTER TABLE "session_calls" ADD COLUMN "policy_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "risk_policies" ADD CONSTRAINT "risk_policies_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;