CREATE TABLE "account_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"reminders_enabled" boolean DEFAULT false NOT NULL,
	"reminder_days_ahead" integer DEFAULT 7 NOT NULL,
	"calendar_token" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_settings_calendar_token_unique" UNIQUE("calendar_token")
);
--> statement-breakpoint
CREATE TABLE "due_done" (
	"pet_id" uuid NOT NULL,
	"item_key" text NOT NULL,
	"due_date" date NOT NULL,
	"done_by" text,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "due_done_pet_id_item_key_due_date_pk" PRIMARY KEY("pet_id","item_key","due_date")
);
--> statement-breakpoint
CREATE TABLE "family_invite" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "family_invite_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "family_member" (
	"owner_id" text NOT NULL,
	"member_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "family_member_owner_id_member_id_pk" PRIMARY KEY("owner_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "pet_record" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pet_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"date" date NOT NULL,
	"title" text,
	"clinic" text,
	"notes" text,
	"next_due_date" date,
	"dose" text,
	"interval_days" integer,
	"end_date" date,
	"weight_kg" numeric(5, 2),
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pet" ADD COLUMN "neutered" boolean;--> statement-breakpoint
ALTER TABLE "pet" ADD COLUMN "activity" text;--> statement-breakpoint
ALTER TABLE "account_settings" ADD CONSTRAINT "account_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "due_done" ADD CONSTRAINT "due_done_pet_id_pet_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pet"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "due_done" ADD CONSTRAINT "due_done_done_by_user_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_invite" ADD CONSTRAINT "family_invite_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_member" ADD CONSTRAINT "family_member_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_member" ADD CONSTRAINT "family_member_member_id_user_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_record" ADD CONSTRAINT "pet_record_pet_id_pet_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pet"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_record" ADD CONSTRAINT "pet_record_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "family_invite_owner_id_idx" ON "family_invite" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "family_member_member_id_idx" ON "family_member" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "pet_record_pet_id_date_idx" ON "pet_record" USING btree ("pet_id","date");