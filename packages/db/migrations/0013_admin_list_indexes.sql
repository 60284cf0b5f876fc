CREATE INDEX "products_updated_idx" ON "products" USING btree ("updated_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "products_name_lower_idx" ON "products" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "products_param_name_trgm_idx" ON "products" USING gin ("param_name" gin_trgm_ops);