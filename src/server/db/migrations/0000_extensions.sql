-- Extensions come first: drizzle-kit does not emit CREATE EXTENSION.
-- pg_trgm backs partial name search (trigram GIN indexes).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
