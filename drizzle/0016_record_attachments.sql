CREATE TABLE "pet_attachment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pet_id" uuid NOT NULL,
	"record_id" uuid,
	"owner_id" text NOT NULL,
	"added_by" text,
	"title" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	"bytes" integer NOT NULL,
	"pages" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pet_attachment" ADD CONSTRAINT "pet_attachment_pet_id_pet_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pet"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_attachment" ADD CONSTRAINT "pet_attachment_record_id_pet_record_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."pet_record"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_attachment" ADD CONSTRAINT "pet_attachment_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_attachment" ADD CONSTRAINT "pet_attachment_added_by_user_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pet_attachment_pet_id_created_at_idx" ON "pet_attachment" USING btree ("pet_id","created_at");--> statement-breakpoint
CREATE INDEX "pet_attachment_owner_id_idx" ON "pet_attachment" USING btree ("owner_id");