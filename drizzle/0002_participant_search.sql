-- Participant search (name, e-mail, phone, location) answers from a trigram index at any size.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS participants_search_trgm_idx ON participants USING gin (
  (lower(first_name || ' ' || last_name || ' ' || email || ' ' || phone || ' ' || coalesce(location, ''))) gin_trgm_ops
);
