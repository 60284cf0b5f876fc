CREATE TABLE "text_pages" (
	"slug" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "text_pages_slug_check" CHECK ("text_pages"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length("text_pages"."slug") <= 64),
	CONSTRAINT "text_pages_title_check" CHECK (length("text_pages"."title") BETWEEN 1 AND 200)
);
