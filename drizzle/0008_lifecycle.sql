CREATE TABLE "order_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"event" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" text DEFAULT '' NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"from_payment" text NOT NULL,
	"to_payment" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_state" text DEFAULT 'unpaid' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_with" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_audit" ADD CONSTRAINT "order_audit_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_audit_order_at_idx" ON "order_audit" USING btree ("order_id","at");--> statement-breakpoint
-- Today's wording becomes the payment state it stood for: paid wording (the client's rule: starts
-- with 'paid' or says 'go ahead'), a claimed transfer, or unpaid. An order already past payment
-- (paid, preparing, out for delivery, delivered) counts as paid whatever its wording, so that the
-- lifecycle can move it on. A cancelled order that was paid with real money is due a refund; the
-- sandbox's test payments took none.
UPDATE "orders" SET
  "payment_state" = CASE
    WHEN "status" IN ('paid', 'preparing', 'out_for_delivery', 'delivered') THEN 'paid'
    WHEN lower(btrim("payment_status")) LIKE 'paid%' OR lower("payment_status") LIKE '%go ahead%' THEN
      CASE WHEN "status" = 'cancelled' AND "payment_status" NOT LIKE '%TEST PAYMENT%' THEN 'refund_due' ELSE 'paid' END
    WHEN lower(btrim("payment_status")) = 'awaiting confirmation' AND "status" <> 'cancelled' THEN 'awaiting_confirmation'
    ELSE 'unpaid'
  END,
  "payment_test" = "payment_status" LIKE '%TEST PAYMENT%';--> statement-breakpoint
-- How the money came: the provider of the order's succeeded payment; else what the staff's wording
-- named in its brackets ('PAID - GO AHEAD (cash at the shop)' keeps reading so); else the method
-- the order chose.
UPDATE "orders" SET "paid_with" = COALESCE(
    (SELECT "provider" FROM "payment_attempts" WHERE "payment_attempts"."order_id" = "orders"."id" AND "payment_attempts"."status" = 'succeeded' LIMIT 1),
    NULLIF(btrim(substring("payment_status" FROM '\(([^)]*)\)')), ''),
    "payment_method")
  WHERE "payment_state" <> 'unpaid' AND "payment_state" <> 'awaiting_confirmation';--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "payment_status";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_known" CHECK ("status" IN ('created', 'awaiting_payment', 'paid', 'preparing', 'out_for_delivery', 'delivered', 'cancelled'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_state_known" CHECK ("payment_state" IN ('unpaid', 'awaiting_confirmation', 'paid', 'refund_due', 'refunded'));--> statement-breakpoint
-- An audit line, once written, is never changed or removed (an order with audit lines cannot be deleted either).
CREATE FUNCTION "order_audit_refuse_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'order_audit rows cannot be changed or removed' USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "order_audit_no_update" BEFORE UPDATE OR DELETE ON "order_audit" FOR EACH ROW EXECUTE FUNCTION "order_audit_refuse_update"();--> statement-breakpoint
CREATE TRIGGER "order_audit_no_truncate" BEFORE TRUNCATE ON "order_audit" FOR EACH STATEMENT EXECUTE FUNCTION "order_audit_refuse_update"();
