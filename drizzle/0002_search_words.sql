CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_name_trgm";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_words" text[] GENERATED ALWAYS AS (regexp_split_to_array(lower("name"), '[[:space:][:punct:]–—]+')) STORED;--> statement-breakpoint
CREATE INDEX "search_terms_term_trgm" ON "search_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_search_words_gin" ON "products" USING gin ("search_words");