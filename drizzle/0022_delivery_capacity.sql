ALTER TABLE "orders" ADD COLUMN "slot_held_at" timestamp with time zone;
