-- Tombstones get a scope: '*' (an operator's data-subject erasure refuses every workspace) or a
-- workspace id (a workspace admin's erasure refuses that workspace only). Existing tombstones
-- were written when every deletion erased the shared graph everywhere: they stay global.
ALTER TABLE "deletion_tombstones" DROP CONSTRAINT "deletion_tombstones_pkey";--> statement-breakpoint
ALTER TABLE "deletion_tombstones" ALTER COLUMN "workspace_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "deletion_tombstones" ADD COLUMN "scope" text DEFAULT '*' NOT NULL;--> statement-breakpoint
ALTER TABLE "deletion_tombstones" ADD CONSTRAINT "deletion_tombstones_key_hash_scope_pk" PRIMARY KEY("key_hash","scope");--> statement-breakpoint
CREATE INDEX "deletion_tombstones_request_idx" ON "deletion_tombstones" USING btree ("request_id");
