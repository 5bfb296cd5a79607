CREATE TABLE "member_digests" (
	"user_id" text PRIMARY KEY NOT NULL,
	"hour" integer NOT NULL,
	"last_digest_on" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_digests" ADD CONSTRAINT "member_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;