CREATE TABLE "job" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"key" text,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"done_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "rate_limit" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"resets_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_message" ADD COLUMN "submission_key" text;--> statement-breakpoint
CREATE INDEX "job_pending_idx" ON "job" USING btree ("run_after") WHERE done_at is null and failed_at is null;--> statement-breakpoint
ALTER TABLE "contact_message" ADD CONSTRAINT "contact_message_submission_key_unique" UNIQUE("submission_key");