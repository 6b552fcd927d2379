CREATE TABLE "calendar_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "calendar_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"country" char(2) NOT NULL,
	"currency" text NOT NULL,
	"title" text NOT NULL,
	"importance" smallint DEFAULT 0 NOT NULL,
	"actual" text,
	"forecast" text,
	"previous" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_events_importance_range" CHECK ("calendar_events"."importance" between -1 and 1),
	CONSTRAINT "calendar_events_country_code" CHECK ("calendar_events"."country" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "news_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "news_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"source" text NOT NULL,
	"url" text,
	"published_at" timestamp with time zone NOT NULL,
	"symbols" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "calendar_events_at_idx" ON "calendar_events" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "news_items_published_idx" ON "news_items" USING btree ("published_at","id");