ALTER TABLE "payment_attempts" ALTER COLUMN "amount_minor" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD COLUMN "via" text DEFAULT 'password' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "sandbox" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_proven_at" timestamp with time zone;