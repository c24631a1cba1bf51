CREATE TABLE "pet_share" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pet_id" uuid NOT NULL,
	"created_by" text,
	"token_hash" text NOT NULL,
	"sections" jsonb NOT NULL,
	"note" text,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pet_share_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "pet_share_view" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"share_id" uuid NOT NULL,
	"client" text NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pet" ADD COLUMN "sex" text;--> statement-breakpoint
ALTER TABLE "pet" ADD COLUMN "microchip" text;--> statement-breakpoint
ALTER TABLE "pet_record" ADD COLUMN "product" text;--> statement-breakpoint
ALTER TABLE "pet_record" ADD COLUMN "batch" text;--> statement-breakpoint
ALTER TABLE "pet_record" ADD COLUMN "valid_until" date;--> statement-breakpoint
ALTER TABLE "pet_record" ADD COLUMN "given_by" text;--> statement-breakpoint
ALTER TABLE "pet_share" ADD CONSTRAINT "pet_share_pet_id_pet_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pet"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_share" ADD CONSTRAINT "pet_share_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_share_view" ADD CONSTRAINT "pet_share_view_share_id_pet_share_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."pet_share"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pet_share_pet_id_idx" ON "pet_share" USING btree ("pet_id");--> statement-breakpoint
CREATE INDEX "pet_share_view_share_id_viewed_at_idx" ON "pet_share_view" USING btree ("share_id","viewed_at");