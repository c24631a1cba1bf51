CREATE TABLE "analysis_use" (
	"user_id" text NOT NULL,
	"month" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "analysis_use_user_id_month_pk" PRIMARY KEY("user_id","month")
);
--> statement-breakpoint
CREATE TABLE "stripe_event" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription" (
	"user_id" text PRIMARY KEY NOT NULL,
	"plan" text NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"interval" text,
	"amount_cents" integer,
	"current_period_end" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"grace_until" timestamp with time zone,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"stripe_event_at" timestamp with time zone,
	"first_paid_at" timestamp with time zone,
	"last_paid_invoice_id" text,
	"refunded_at" timestamp with time zone,
	"refunded_invoice_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_stripe_customer_id_unique" UNIQUE("stripe_customer_id")
);
--> statement-breakpoint
ALTER TABLE "analysis_use" ADD CONSTRAINT "analysis_use_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription" ADD CONSTRAINT "subscription_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;