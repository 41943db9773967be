ALTER TABLE "payment_attempts" ALTER COLUMN "amount_minor" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD COLUMN "via" text DEFAULT 'password' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "sandbox" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_proven_at" timestamp with time zone;--> statement-breakpoint
-- An account whose one-time password was already entered has had its e-mail proven by its owner.
UPDATE "users" SET "email_proven_at" = "otp_codes"."used_at" FROM "otp_codes" WHERE "otp_codes"."user_id" = "users"."id" AND "otp_codes"."used_at" IS NOT NULL;
