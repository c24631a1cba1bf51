ALTER TABLE "family_invite" ADD COLUMN "role" text DEFAULT 'editor' NOT NULL;--> statement-breakpoint
ALTER TABLE "family_member" ADD COLUMN "role" text DEFAULT 'editor' NOT NULL;