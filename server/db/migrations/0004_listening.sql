ALTER TABLE "podcasts" ADD COLUMN "played_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "queue_entries" (
	"user_id" text NOT NULL,
	"podcast_id" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "queue_entries_user_id_podcast_id_pk" PRIMARY KEY("user_id","podcast_id")
);
--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_podcast_id_podcasts_id_fk" FOREIGN KEY ("podcast_id") REFERENCES "public"."podcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "queue_entries_podcast_idx" ON "queue_entries" USING btree ("podcast_id");
