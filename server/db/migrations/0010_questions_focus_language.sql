CREATE TABLE "questions" (
	"id" text PRIMARY KEY NOT NULL,
	"podcast_id" text NOT NULL,
	"question" text NOT NULL,
	"at_ms" integer,
	"answer" text NOT NULL,
	"sources" jsonb NOT NULL,
	"audio_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "podcasts" ADD COLUMN "focus" text;--> statement-breakpoint
ALTER TABLE "podcasts" ADD COLUMN "article_language" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "default_focus" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "default_language" text;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_podcast_id_podcasts_id_fk" FOREIGN KEY ("podcast_id") REFERENCES "public"."podcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questions_podcast_idx" ON "questions" USING btree ("podcast_id","created_at");