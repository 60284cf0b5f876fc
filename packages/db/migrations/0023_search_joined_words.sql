-- One word, three spellings (decision 0020): a hyphenated word ("t-shirt", "e-mail", "wi-fi") is also
-- found by its joined form ("tshirt", "email", "wifi"). This gives the joined forms of a text's
-- hyphenated words, as PostgreSQL's own parser finds them (token types numhword 15, asciihword 16,
-- hword 17); `search_vector` holds them after each field's words, at the field's weight. Only
-- hyphenated words add a lexeme, so the index grows little. The shopper's side is `spellingVariants`
-- in @kedai/domain.
CREATE FUNCTION search_joined_words(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(pg_catalog.string_agg(pg_catalog.replace(token, '-', ''), ' '), '')
  FROM pg_catalog.ts_parse('default', $1) WHERE tokid IN (15, 16, 17)
$$;
--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', name || ' ' || search_joined_words(name)), 'A') || setweight(to_tsvector('english', keywords || ' ' || search_joined_words(keywords)), 'B') || setweight(to_tsvector('english', description || ' ' || search_joined_words(description)), 'C')) STORED;--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");
