ALTER TABLE "staff_profile" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_profile" ADD COLUMN "weekly_hours" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_profile" ADD COLUMN "days_off" jsonb DEFAULT '[]'::jsonb NOT NULL;