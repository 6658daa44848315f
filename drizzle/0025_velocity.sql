-- Velocity (issue 30 item 3, issue 35 item 1): the identities each hub (phone, IP address, street
-- address, SSN, email) was paired with in a workspace's Verify calls, once per pair, and the new
-- identities per hub and hour or UTC day, counted as the pairs are written (lib/services/velocity.ts).
CREATE TABLE "velocity_buckets" (
	"workspace_id" text NOT NULL,
	"hub_kind" text NOT NULL,
	"hub_hash" text NOT NULL,
	"span" text NOT NULL,
	"bucket_start" timestamp with time zone NOT NULL,
	"identities" integer NOT NULL,
	CONSTRAINT "velocity_buckets_workspace_id_hub_kind_hub_hash_span_bucket_start_pk" PRIMARY KEY("workspace_id","hub_kind","hub_hash","span","bucket_start")
);
--> statement-breakpoint
CREATE TABLE "velocity_pairs" (
	"workspace_id" text NOT NULL,
	"hub_kind" text NOT NULL,
	"hub_hash" text NOT NULL,
	"identity_hash" text NOT NULL,
	"session_id" text NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	CONSTRAINT "velocity_pairs_workspace_id_hub_kind_hub_hash_identity_hash_pk" PRIMARY KEY("workspace_id","hub_kind","hub_hash","identity_hash")
);
--> statement-breakpoint
CREATE INDEX "velocity_pairs_hub_latest_idx" ON "velocity_pairs" USING btree ("workspace_id","hub_kind","hub_hash","first_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "velocity_pairs_session_idx" ON "velocity_pairs" USING btree ("session_id");