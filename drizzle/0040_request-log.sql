CREATE TABLE "api_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "api_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"workspace_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"request_id" text NOT NULL,
	"operation" text NOT NULL,
	"method" text NOT NULL,
	"status" integer NOT NULL,
	"latency_ms" integer NOT NULL,
	"key_id" text NOT NULL,
	"problem_code" text,
	"problem" jsonb
);
--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "request_log_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_requests" ADD CONSTRAINT "api_requests_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_requests_workspace_created_idx" ON "api_requests" USING btree ("workspace_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "api_requests_workspace_request_idx" ON "api_requests" USING btree ("workspace_id","request_id");--> statement-breakpoint
CREATE INDEX "api_requests_workspace_status_idx" ON "api_requests" USING btree ("workspace_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "api_requests_workspace_key_idx" ON "api_requests" USING btree ("workspace_id","key_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "api_requests_workspace_operation_idx" ON "api_requests" USING btree ("workspace_id","operation","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_request_log_days_range" CHECK ("workspaces"."request_log_days" between 1 and 90);