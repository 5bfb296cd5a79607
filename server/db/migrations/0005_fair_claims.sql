ALTER TABLE "jobs" ADD COLUMN "owner" text;--> statement-breakpoint
UPDATE "jobs" SET "owner" = coalesce("podcasts"."user_id", 'anonymous:' || "podcasts"."anonymous_token") FROM "podcasts" WHERE "podcasts"."id" = "jobs"."podcast_id" AND "jobs"."status" IN ('queued', 'running');
