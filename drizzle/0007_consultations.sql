CREATE TABLE "call_signal" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"consultation_id" uuid NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pet_id" uuid NOT NULL,
	"booked_by" text,
	"vet_id" text,
	"starts_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"conversation_id" uuid,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "chat_conversation" ADD COLUMN "kind" text DEFAULT 'emergency' NOT NULL;--> statement-breakpoint
ALTER TABLE "pet_record" ADD COLUMN "time" text;--> statement-breakpoint
ALTER TABLE "call_signal" ADD CONSTRAINT "call_signal_consultation_id_consultation_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation" ADD CONSTRAINT "consultation_pet_id_pet_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pet"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation" ADD CONSTRAINT "consultation_booked_by_user_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation" ADD CONSTRAINT "consultation_vet_id_user_id_fk" FOREIGN KEY ("vet_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation" ADD CONSTRAINT "consultation_conversation_id_chat_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversation"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_signal_created_at_idx" ON "call_signal" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "consultation_vet_time_idx" ON "consultation" USING btree ("vet_id","starts_at") WHERE status <> 'cancelled';--> statement-breakpoint
CREATE INDEX "consultation_pet_id_idx" ON "consultation" USING btree ("pet_id");--> statement-breakpoint
CREATE INDEX "consultation_starts_at_idx" ON "consultation" USING btree ("starts_at");