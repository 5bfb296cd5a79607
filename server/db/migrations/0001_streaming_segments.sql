CREATE TABLE "audio_segments" (
	"audio_key" text NOT NULL,
	"seq" integer NOT NULL,
	"podcast_id" text NOT NULL,
	"byte_offset" bigint NOT NULL,
	"bytes" integer NOT NULL,
	"start_ms" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"next_sentence" integer NOT NULL,
	"cues" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audio_segments_audio_key_seq_pk" PRIMARY KEY("audio_key","seq")
);
--> statement-breakpoint
ALTER TABLE "podcasts" ADD COLUMN "stream_key" text;--> statement-breakpoint
ALTER TABLE "podcasts" ADD COLUMN "made_ms" integer;--> statement-breakpoint
ALTER TABLE "podcasts" ADD COLUMN "estimated_ms" integer;--> statement-breakpoint
ALTER TABLE "audio_segments" ADD CONSTRAINT "audio_segments_podcast_id_podcasts_id_fk" FOREIGN KEY ("podcast_id") REFERENCES "public"."podcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audio_segments_podcast_idx" ON "audio_segments" USING btree ("podcast_id");