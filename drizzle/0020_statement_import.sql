CREATE TABLE "statement_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"line_hash" text NOT NULL,
	"currency" text NOT NULL,
	"format" text NOT NULL,
	"file_row" integer NOT NULL,
	"line_date" text NOT NULL,
	"narration" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"amount_minor" bigint NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"message" text DEFAULT '' NOT NULL,
	"order_id" uuid,
	"named_order_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"suggested_order_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"staff_id" uuid,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_lines_amount_positive" CHECK ("statement_lines"."amount_minor" > 0),
	CONSTRAINT "statement_lines_outcome_reason" CHECK (("statement_lines"."outcome" = 'confirmed') = ("statement_lines"."reason" is null))
);
--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "statement_lines_hash_key" ON "statement_lines" USING btree ("line_hash");--> statement-breakpoint
CREATE INDEX "statement_lines_outcome_idx" ON "statement_lines" USING btree ("outcome","imported_at");