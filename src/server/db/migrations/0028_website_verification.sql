-- Verified profile links (docs/profiles-and-media.md "Verified links"): when the website's page was
-- found linking back to the profile with rel="me"; null until a check finds it.
ALTER TABLE "profiles" ADD COLUMN "website_verified_at" timestamp with time zone;
