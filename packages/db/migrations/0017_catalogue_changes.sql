CREATE TABLE "catalogue_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"product_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "catalogue_changes_xid_idx" ON "catalogue_changes" USING btree ("xid");--> statement-breakpoint
CREATE INDEX "catalogue_changes_at_idx" ON "catalogue_changes" USING btree ("created_at");--> statement-breakpoint
-- Every write to what a search or a product summary shows is logged, one row per product, by
-- statement-level triggers (a seed of a million products logs in a few statements, not a million).
CREATE FUNCTION catalogue_log_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO catalogue_changes (product_id) SELECT n.id FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO catalogue_changes (product_id) SELECT o.id FROM old_rows o;
  ELSIF TG_OP = 'UPDATE' THEN
    -- Stock counts change with every order: only a change a search or a summary shows is logged.
    INSERT INTO catalogue_changes (product_id)
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.name, n.param_name, n.keywords, n.description, n.category_id, n.merchant_id, n.price, n.main_image,
           n.in_stock, n.disabled, n.source_market_place, n.variants, n.created_at)
      IS DISTINCT FROM
          (o.name, o.param_name, o.keywords, o.description, o.category_id, o.merchant_id, o.price, o.main_image,
           o.in_stock, o.disabled, o.source_market_place, o.variants, o.created_at);
  ELSE
    INSERT INTO catalogue_changes (product_id) VALUES (NULL);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER catalogue_products_inserted AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_log_products();
--> statement-breakpoint
CREATE TRIGGER catalogue_products_updated AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_log_products();
--> statement-breakpoint
CREATE TRIGGER catalogue_products_deleted AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_log_products();
--> statement-breakpoint
CREATE TRIGGER catalogue_products_truncated AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_log_products();
--> statement-breakpoint
CREATE FUNCTION catalogue_log_region_prices() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO catalogue_changes (product_id) SELECT DISTINCT n.product_id FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO catalogue_changes (product_id) SELECT DISTINCT o.product_id FROM old_rows o;
  ELSIF TG_OP = 'UPDATE' THEN
    -- Rows that differ either way: a changed price, or a row moved to another product or region.
    INSERT INTO catalogue_changes (product_id)
    SELECT DISTINCT d.product_id FROM (
      (SELECT product_id, region_key, min_price, max_price FROM new_rows EXCEPT SELECT product_id, region_key, min_price, max_price FROM old_rows)
      UNION ALL
      (SELECT product_id, region_key, min_price, max_price FROM old_rows EXCEPT SELECT product_id, region_key, min_price, max_price FROM new_rows)
    ) d;
  ELSE
    INSERT INTO catalogue_changes (product_id) VALUES (NULL);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER catalogue_region_prices_inserted AFTER INSERT ON product_region_prices REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_log_region_prices();
--> statement-breakpoint
CREATE TRIGGER catalogue_region_prices_updated AFTER UPDATE ON product_region_prices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_log_region_prices();
--> statement-breakpoint
CREATE TRIGGER catalogue_region_prices_deleted AFTER DELETE ON product_region_prices REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_log_region_prices();
--> statement-breakpoint
CREATE TRIGGER catalogue_region_prices_truncated AFTER TRUNCATE ON product_region_prices
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_log_region_prices();
--> statement-breakpoint
-- A merchant's new name or slug shows in the summaries of all its products.
CREATE FUNCTION catalogue_log_merchants() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalogue_changes (product_id)
  SELECT p.id FROM products p JOIN new_rows n ON n.id = p.merchant_id JOIN old_rows o ON o.id = n.id
  WHERE (n.name, n.slug) IS DISTINCT FROM (o.name, o.slug);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER catalogue_merchants_updated AFTER UPDATE ON merchants REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_log_merchants();
