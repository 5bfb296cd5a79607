ALTER TABLE "podcasts" ADD COLUMN "request_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "podcasts_user_request_idx" ON "podcasts" USING btree ("user_id","request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "podcasts_anonymous_request_idx" ON "podcasts" USING btree ("anonymous_token","request_key");
