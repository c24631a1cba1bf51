CREATE TABLE "chat_conversation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pet_id" uuid NOT NULL,
	"opened_by" text,
	"vet_id" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"summary" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"taken_at" timestamp with time zone,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chat_message" (
	"conversation_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"author_id" text,
	"author_role" text NOT NULL,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"photo" "bytea",
	"client_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_message_conversation_id_seq_pk" PRIMARY KEY("conversation_id","seq")
);
--> statement-breakpoint
CREATE TABLE "staff_profile" (
	"user_id" text PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"display_name" text NOT NULL,
	"region" text,
	"on_duty" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_conversation" ADD CONSTRAINT "chat_conversation_pet_id_pet_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pet"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversation" ADD CONSTRAINT "chat_conversation_opened_by_user_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversation" ADD CONSTRAINT "chat_conversation_vet_id_user_id_fk" FOREIGN KEY ("vet_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message" ADD CONSTRAINT "chat_message_conversation_id_chat_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message" ADD CONSTRAINT "chat_message_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_profile" ADD CONSTRAINT "staff_profile_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_conversation_pet_id_idx" ON "chat_conversation" USING btree ("pet_id");--> statement-breakpoint
CREATE INDEX "chat_conversation_vet_id_idx" ON "chat_conversation" USING btree ("vet_id");--> statement-breakpoint
CREATE INDEX "chat_conversation_queued_idx" ON "chat_conversation" USING btree ("created_at") WHERE status = 'queued';--> statement-breakpoint
CREATE UNIQUE INDEX "chat_message_client_key_idx" ON "chat_message" USING btree ("conversation_id","client_key");--> statement-breakpoint
-- Staff accounts made before roles existed read the inbox: they are support.
INSERT INTO "staff_profile" ("user_id", "role", "display_name") SELECT "id", 'support', "name" FROM "user" WHERE "role" = 'staff';
