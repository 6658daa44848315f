CREATE TABLE "breaches" (
	"identifier_id" text NOT NULL,
	"breach" text NOT NULL,
	"breached_at" timestamp with time zone NOT NULL,
	CONSTRAINT "breaches_identifier_id_breach_pk" PRIMARY KEY("identifier_id","breach")
);
--> statement-breakpoint
CREATE TABLE "email_cleartexts" (
	"workspace_id" text NOT NULL,
	"identifier_id" text NOT NULL,
	"sealed" text NOT NULL,
	CONSTRAINT "email_cleartexts_workspace_id_identifier_id_pk" PRIMARY KEY("workspace_id","identifier_id")
);
--> statement-breakpoint
CREATE TABLE "identifier_links" (
	"a_id" text NOT NULL,
	"b_id" text NOT NULL,
	"observations" integer DEFAULT 0 NOT NULL,
	"sources" integer DEFAULT 0 NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "identifier_links_a_id_b_id_pk" PRIMARY KEY("a_id","b_id")
);
--> statement-breakpoint
CREATE TABLE "link_sources" (
	"a_id" text NOT NULL,
	"b_id" text NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "link_sources_a_id_b_id_source_pk" PRIMARY KEY("a_id","b_id","source")
);
--> statement-breakpoint
CREATE TABLE "ingested_events" (
	"workspace_id" text NOT NULL,
	"event_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ingested_events_workspace_id_event_id_pk" PRIMARY KEY("workspace_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "observation_rollups" (
	"identifier_id" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"type" text NOT NULL,
	"source" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "observation_rollups_identifier_id_hour_type_source_pk" PRIMARY KEY("identifier_id","hour","type","source")
);
--> statement-breakpoint
CREATE TABLE "phone_records" (
	"phone" text NOT NULL,
	"observed_at" timestamp with time zone NOT NULL,
	"line_type" text NOT NULL,
	"carrier" text DEFAULT '' NOT NULL,
	"dno" text,
	CONSTRAINT "phone_records_phone_observed_at_line_type_carrier_pk" PRIMARY KEY("phone","observed_at","line_type","carrier")
);
--> statement-breakpoint
CREATE TABLE "profile_records" (
	"identifier_id" text PRIMARY KEY NOT NULL,
	"service" text NOT NULL,
	"handle" text NOT NULL,
	"created_at" timestamp with time zone,
	"followers" integer,
	"following" integer,
	"country" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identifiers" ADD COLUMN "person_id" text;--> statement-breakpoint
ALTER TABLE "identifiers" ADD COLUMN "link_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "identifiers" ADD COLUMN "is_hub" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "breaches" ADD CONSTRAINT "breaches_identifier_id_identifiers_id_fk" FOREIGN KEY ("identifier_id") REFERENCES "public"."identifiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_cleartexts" ADD CONSTRAINT "email_cleartexts_identifier_id_identifiers_id_fk" FOREIGN KEY ("identifier_id") REFERENCES "public"."identifiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identifier_links" ADD CONSTRAINT "identifier_links_a_id_identifiers_id_fk" FOREIGN KEY ("a_id") REFERENCES "public"."identifiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identifier_links" ADD CONSTRAINT "identifier_links_b_id_identifiers_id_fk" FOREIGN KEY ("b_id") REFERENCES "public"."identifiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observation_rollups" ADD CONSTRAINT "observation_rollups_identifier_id_identifiers_id_fk" FOREIGN KEY ("identifier_id") REFERENCES "public"."identifiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_records" ADD CONSTRAINT "profile_records_identifier_id_identifiers_id_fk" FOREIGN KEY ("identifier_id") REFERENCES "public"."identifiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identifier_links_b_idx" ON "identifier_links" USING btree ("b_id");--> statement-breakpoint
CREATE INDEX "identifiers_person_idx" ON "identifiers" USING btree ("person_id");