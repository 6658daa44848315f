CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"hash" text NOT NULL,
	"start" text NOT NULL,
	"name" text,
	"scopes" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"rotated_to_id" text,
	CONSTRAINT "api_keys_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"target_id" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identifiers" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"md5" text,
	"sha1" text,
	"countries" text[] DEFAULT '{}' NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"observations" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "observations" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"identifier_id" text NOT NULL,
	"type" text NOT NULL,
	"source" text NOT NULL,
	"country" text,
	"observed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_buckets" (
	"key_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"tokens" double precision NOT NULL,
	"refilled_at" timestamp with time zone NOT NULL,
	"last_allowed" boolean NOT NULL,
	CONSTRAINT "rate_limit_buckets_key_id_endpoint_pk" PRIMARY KEY("key_id","endpoint")
);
--> statement-breakpoint
CREATE TABLE "session_calls" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"workspace_id" text NOT NULL,
	"status" integer NOT NULL,
	"risk" real NOT NULL,
	"input_summary" jsonb NOT NULL,
	"checks" jsonb NOT NULL,
	"request_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"identifiers_sealed" text NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"last_risk" real NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"trial_quota" integer,
	"verify_used" integer DEFAULT 0 NOT NULL,
	"rate_limit_per_sec" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspaces_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_identifier_id_identifiers_id_fk" FOREIGN KEY ("identifier_id") REFERENCES "public"."identifiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_calls" ADD CONSTRAINT "session_calls_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_workspace_idx" ON "api_keys" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "audit_log_workspace_created_idx" ON "audit_log" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "identifiers_kind_value_idx" ON "identifiers" USING btree ("kind","value");--> statement-breakpoint
CREATE INDEX "identifiers_md5_idx" ON "identifiers" USING btree ("md5");--> statement-breakpoint
CREATE INDEX "identifiers_sha1_idx" ON "identifiers" USING btree ("sha1");--> statement-breakpoint
CREATE INDEX "observations_identifier_time_idx" ON "observations" USING btree ("identifier_id","observed_at");--> statement-breakpoint
CREATE INDEX "session_calls_session_created_idx" ON "session_calls" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE INDEX "sessions_workspace_updated_idx" ON "sessions" USING btree ("workspace_id","updated_at");