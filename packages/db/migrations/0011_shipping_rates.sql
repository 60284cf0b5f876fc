ALTER TABLE "shipping_locations" ADD COLUMN "rates" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_locations" ADD COLUMN "delivery_days_min" integer;--> statement-breakpoint
ALTER TABLE "shipping_locations" ADD COLUMN "delivery_days_max" integer;