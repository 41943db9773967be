-- Keeps search_terms holding every word of every product name (see lib/server/db/schema.ts).
CREATE OR REPLACE FUNCTION products_collect_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_terms (term)
  SELECT DISTINCT word FROM new_rows, unnest(new_rows.search_words) AS word WHERE length(word) > 0
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_terms_after_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_collect_search_terms();
--> statement-breakpoint
CREATE TRIGGER products_search_terms_after_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_collect_search_terms();
--> statement-breakpoint
INSERT INTO search_terms (term)
SELECT DISTINCT word FROM products, unnest(search_words) AS word WHERE length(word) > 0
ON CONFLICT DO NOTHING;
