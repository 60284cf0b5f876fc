ALTER TABLE "product_region_prices" ALTER COLUMN "min_price" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "product_region_prices" ALTER COLUMN "max_price" SET DATA TYPE bigint;