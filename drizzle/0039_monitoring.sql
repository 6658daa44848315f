CREATE TABLE "monitoring_hits" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"session_id" text NOT NULL,
	"run_id" text NOT NULL,
	"list" text NOT NULL,
	"source" text NOT NULL,
	"entry_id" text NOT NULL,
	"entry_name" text NOT NULL,
	"matched_name" text NOT NULL,
	"score" real NOT NULL,
	"location_agrees" boolean NOT NULL,
	"evidence" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monitoring_hits_run_session_key" UNIQUE("run_id","session_id")
);
--> statement-breakpoint
CREATE TABLE "monitoring_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"source" text NOT NULL,
	"version" text NOT NULL,
	"list" text NOT NULL,
	"entries" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"cursor" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "monitoring_runs_version_key" UNIQUE("workspace_id","source","version"),
	CONSTRAINT "monitoring_runs_status" CHECK ("monitoring_runs"."status" in ('pending', 'running', 'done'))
);
--> statement-breakpoint
CREATE TABLE "sanction_list_changes" (
	"source" text NOT NULL,
	"version" text NOT NULL,
	"list" text NOT NULL,
	"added" jsonb NOT NULL,
	"imported_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sanction_list_changes_source_version_pk" PRIMARY KEY("source","version")
);
--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "monitoring_window_days" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "monitoring_hits" ADD CONSTRAINT "monitoring_hits_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_hits" ADD CONSTRAINT "monitoring_hits_run_id_monitoring_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."monitoring_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_runs" ADD CONSTRAINT "monitoring_runs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "monitoring_hits_session_idx" ON "monitoring_hits" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE INDEX "monitoring_runs_workspace_created_idx" ON "monitoring_runs" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "monitoring_runs_open_idx" ON "monitoring_runs" USING btree ("created_at") WHERE "monitoring_runs"."status" <> 'done';--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_monitoring_window" CHECK ("workspaces"."monitoring_window_days" between 0 and 3650);