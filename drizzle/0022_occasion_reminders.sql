CREATE TABLE "occasion_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"email" text NOT NULL,
	"occasion" text NOT NULL,
	"recipient_name" text NOT NULL,
	"next_on" text NOT NULL,
	"week_sent_for" text,
	"day_sent_for" text,
	"stopped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "occasion_reminders" ADD CONSTRAINT "occasion_reminders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "occasion_reminders_order_key" ON "occasion_reminders" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "occasion_reminders_email_idx" ON "occasion_reminders" USING btree ("email");--> statement-breakpoint
CREATE INDEX "occasion_reminders_next_idx" ON "occasion_reminders" USING btree ("next_on") WHERE "occasion_reminders"."stopped_at" IS NULL;