ALTER TABLE "chat_conversation" ADD COLUMN "signs" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_conversation" ADD COLUMN "urgency" text DEFAULT 'none' NOT NULL;