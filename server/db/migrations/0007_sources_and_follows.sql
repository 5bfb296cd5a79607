CREATE TABLE "feed_items" (
	"id" text PRIMARY KEY NOT NULL,
	"feed_id" text NOT NULL,
	"guid" text NOT NULL,
	"url" text,
	"title" text,
	"author" text,
	"content" text,
	"published_at" timestamp with time zone,
	"first_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feeds" (
	"id" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"title" text,
	"etag" text,
	"last_modified" text,
	"min_interval_seconds" integer,
	"next_check_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_checked_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"error" text,
	"fetches" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follow_items" (
	"follow_id" text NOT NULL,
	"item_id" text NOT NULL,
	"status" text NOT NULL,
	"podcast_id" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follow_items_follow_id_item_id_pk" PRIMARY KEY("follow_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "follows" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"feed_id" text NOT NULL,
	"address" text NOT NULL,
	"mode" text,
	"minutes" integer,
	"digest" boolean DEFAULT false NOT NULL,
	"digest_hour" integer DEFAULT 7 NOT NULL,
	"last_digest_on" text,
	"paused" boolean DEFAULT false NOT NULL,
	"last_checked_at" timestamp with time zone,
	"last_item_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" ALTER COLUMN "podcast_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "feed_id" text;--> statement-breakpoint
ALTER TABLE "podcasts" ADD COLUMN "sources" jsonb;--> statement-breakpoint
ALTER TABLE "feed_items" ADD CONSTRAINT "feed_items_feed_id_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_items" ADD CONSTRAINT "follow_items_follow_id_follows_id_fk" FOREIGN KEY ("follow_id") REFERENCES "public"."follows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_items" ADD CONSTRAINT "follow_items_item_id_feed_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."feed_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_items" ADD CONSTRAINT "follow_items_podcast_id_podcasts_id_fk" FOREIGN KEY ("podcast_id") REFERENCES "public"."podcasts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_feed_id_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feed_items_guid_idx" ON "feed_items" USING btree ("feed_id","guid");--> statement-breakpoint
CREATE INDEX "feed_items_url_idx" ON "feed_items" USING btree ("feed_id","url");--> statement-breakpoint
CREATE UNIQUE INDEX "feeds_url_idx" ON "feeds" USING btree ("url");--> statement-breakpoint
CREATE INDEX "feeds_next_check_idx" ON "feeds" USING btree ("next_check_at");--> statement-breakpoint
CREATE INDEX "follow_items_status_idx" ON "follow_items" USING btree ("follow_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "follows_user_feed_idx" ON "follows" USING btree ("user_id","feed_id");--> statement-breakpoint
CREATE INDEX "follows_feed_idx" ON "follows" USING btree ("feed_id");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_feed_id_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_live_feed_idx" ON "jobs" USING btree ("feed_id") WHERE "jobs"."status" in ('queued', 'running') and "jobs"."feed_id" is not null;