CREATE TABLE "tfa_recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tfa_resets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"cancel_token_hash" text NOT NULL,
	"cancel_reason" text,
	"cancelled_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tfa_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tfa_retry_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "idempotency_digest" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "attempt_digest" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "settle_asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tfa_recovery_codes" ADD CONSTRAINT "tfa_recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tfa_resets" ADD CONSTRAINT "tfa_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tfa_recovery_codes_user_idx" ON "tfa_recovery_codes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tfa_recovery_codes_hash_idx" ON "tfa_recovery_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "tfa_resets_cancel_token_idx" ON "tfa_resets" USING btree ("cancel_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "tfa_resets_one_pending_idx" ON "tfa_resets" USING btree ("user_id") WHERE "tfa_resets"."cancelled_at" IS NULL AND "tfa_resets"."completed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "tfa_resets_due_idx" ON "tfa_resets" USING btree ("effective_at") WHERE "tfa_resets"."cancelled_at" IS NULL AND "tfa_resets"."completed_at" IS NULL;