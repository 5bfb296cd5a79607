ALTER TABLE "podcasts" ADD COLUMN "mode" text DEFAULT 'podcast' NOT NULL;--> statement-breakpoint
ALTER TABLE "podcasts" ADD COLUMN "minutes" integer;--> statement-breakpoint
ALTER TABLE "podcasts" ADD COLUMN "script_edited" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "podcasts" ADD COLUMN "draft" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "podcasts" ADD COLUMN "article_structure" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "default_mode" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "default_minutes" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "playback_rate" double precision;
