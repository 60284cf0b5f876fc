CREATE TABLE "receipt_counters" (
	"name" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "receipt_number" text;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_receipt_number_idx" ON "orders" USING btree ("receipt_number");