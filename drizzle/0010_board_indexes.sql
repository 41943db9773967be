CREATE INDEX "orders_board_day_idx" ON "orders" USING btree ("delivery_date","created_at") WHERE "orders"."checked_out_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_sender_email_idx" ON "orders" USING btree ("sender_email");--> statement-breakpoint
CREATE INDEX "orders_sender_phone_idx" ON "orders" USING btree ("sender_phone");--> statement-breakpoint
CREATE INDEX "orders_recipient_phone_idx" ON "orders" USING btree ("recipient_phone");--> statement-breakpoint
CREATE INDEX "orders_recipient_alt_phone_idx" ON "orders" USING btree ("recipient_alt_phone");--> statement-breakpoint
CREATE INDEX "orders_board_state_idx" ON "orders" USING btree ("status","payment_state","delivery_date") WHERE "orders"."checked_out_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_recipient_name_trgm" ON "orders" USING gin ("recipient_name" gin_trgm_ops);