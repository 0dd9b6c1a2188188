ALTER TABLE "posts" ADD COLUMN "images" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "posts" SET "images" = jsonb_build_array(jsonb_build_object('url', "image_url", 'alt', '', 'width', null, 'height', null)) WHERE "image_url" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_images_check" CHECK (jsonb_array_length("posts"."images") <= 4);
