CREATE TABLE "workspace_list_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"list" text NOT NULL,
	"kind" text NOT NULL,
	"match_key" text NOT NULL,
	"network" "cidr",
	"display" text NOT NULL,
	"reason" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "workspace_list_entries" ADD CONSTRAINT "workspace_list_entries_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_list_entries_value_idx" ON "workspace_list_entries" USING btree ("workspace_id","list","kind","match_key");--> statement-breakpoint
CREATE INDEX "workspace_list_entries_match_idx" ON "workspace_list_entries" USING btree ("workspace_id","match_key");--> statement-breakpoint
CREATE INDEX "workspace_list_entries_network_idx" ON "workspace_list_entries" USING gist ("network" inet_ops) WHERE "workspace_list_entries"."network" is not null;--> statement-breakpoint
CREATE INDEX "workspace_list_entries_created_idx" ON "workspace_list_entries" USING btree ("workspace_id","created_at");