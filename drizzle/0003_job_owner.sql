ALTER TABLE "job" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "job" ADD CONSTRAINT "job_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_user_id_idx" ON "job" USING btree ("user_id");--> statement-breakpoint
-- Jobs queued before this column: name their account where something exact says which (never a payload's text).
UPDATE "job" SET "user_id" = "job"."payload"->>'userId' WHERE "job"."kind" = 'reminder' AND "job"."payload"->>'userId' IN (SELECT "id" FROM "user");--> statement-breakpoint
UPDATE "job" SET "user_id" = "contact_message"."user_id" FROM "contact_message" WHERE "contact_message"."user_id" IS NOT NULL AND "job"."key" IN ('contact-receipt:' || "contact_message"."id"::text, 'contact-team:' || "contact_message"."id"::text);--> statement-breakpoint
UPDATE "job" SET "user_id" = "family_invite"."owner_id" FROM "family_invite" WHERE "job"."key" LIKE 'family-invite:%' AND split_part("job"."key", ':', 2) = "family_invite"."id"::text;
