CREATE TABLE "order_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"token_hash" text,
	"settled_with" text,
	"reference" text DEFAULT '' NOT NULL,
	"sandbox" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "order_charges_amount_positive" CHECK ("order_charges"."amount_minor" > 0),
	CONSTRAINT "order_charges_kind_known" CHECK ("kind" IN ('redelivery', 'change', 'quote')),
	CONSTRAINT "order_charges_status_known" CHECK ("status" IN ('due', 'paid', 'waived', 'refund_due', 'refunded'))
);
--> statement-breakpoint
DROP INDEX "payment_attempts_one_success_key";--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "charge_id" uuid;--> statement-breakpoint
ALTER TABLE "order_charges" ADD CONSTRAINT "order_charges_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_charges" ADD CONSTRAINT "order_charges_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_charges_order_idx" ON "order_charges" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_charges_token_key" ON "order_charges" USING btree ("token_hash");--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_charge_id_order_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."order_charges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_one_charge_success_key" ON "payment_attempts" USING btree ("charge_id") WHERE "payment_attempts"."status" = 'succeeded' AND "payment_attempts"."charge_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_one_success_key" ON "payment_attempts" USING btree ("order_id") WHERE "payment_attempts"."status" = 'succeeded' AND "payment_attempts"."charge_id" IS NULL;