ALTER TABLE "statement_lines" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD COLUMN "handled_by" uuid;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_handled_by_staff_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_handled_review" CHECK ("statement_lines"."handled_at" is null or "statement_lines"."outcome" = 'review');