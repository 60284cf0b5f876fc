CREATE TABLE "external_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"link" text NOT NULL,
	"url" text NOT NULL,
	"origin" text NOT NULL,
	"source_market_place" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"price" text,
	"currency" text,
	"availability" text DEFAULT 'unknown' NOT NULL,
	"brand" text,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotation_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_source" text NOT NULL,
	"product_id" uuid,
	"variant_path" text DEFAULT '' NOT NULL,
	"external_product_id" uuid,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'p' NOT NULL,
	"status_data" jsonb,
	"decline_reason" text,
	"answered_at" timestamp with time zone,
	"answered_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotation_items_quantity_check" CHECK ("quotation_items"."quantity" BETWEEN 1 AND 999),
	CONSTRAINT "quotation_items_source_check" CHECK (("quotation_items"."product_source" = 'e' AND "quotation_items"."external_product_id" IS NOT NULL AND "quotation_items"."product_id" IS NULL) OR ("quotation_items"."product_source" = 'i' AND "quotation_items"."external_product_id" IS NULL)),
	CONSTRAINT "quotation_items_answer_check" CHECK (("quotation_items"."status" = 'r' AND "quotation_items"."status_data" IS NOT NULL) OR ("quotation_items"."status" = 'd' AND "quotation_items"."decline_reason" IS NOT NULL) OR "quotation_items"."status" = 'p')
);
--> statement-breakpoint
ALTER TABLE "external_products" ADD CONSTRAINT "external_products_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_items" ADD CONSTRAINT "quotation_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_items" ADD CONSTRAINT "quotation_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_items" ADD CONSTRAINT "quotation_items_external_product_id_external_products_id_fk" FOREIGN KEY ("external_product_id") REFERENCES "public"."external_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_items" ADD CONSTRAINT "quotation_items_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "external_products_user_link_idx" ON "external_products" USING btree ("user_id","link","created_at");--> statement-breakpoint
CREATE INDEX "quotation_items_user_idx" ON "quotation_items" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "quotation_items_queue_idx" ON "quotation_items" USING btree ("status","created_at");