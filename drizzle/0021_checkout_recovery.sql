CREATE TABLE "mail_opt_outs" (
	"email" text NOT NULL,
	"topic" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_opt_outs_email_topic_pk" PRIMARY KEY("email","topic")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "recovery_mailed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_recovery_due_idx" ON "orders" USING btree ("checked_out_at") WHERE "orders"."recovery_mailed_at" IS NULL AND "orders"."payment_state" = 'unpaid' AND "orders"."status" IN ('created', 'awaiting_payment');