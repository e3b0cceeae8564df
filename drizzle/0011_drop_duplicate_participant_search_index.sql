-- Migration 0002's hand-written trigram index duplicates participants_search_text_idx (0004) on
-- the same text; the search reads search_text, so this one only cost every write.
DROP INDEX IF EXISTS participants_search_trgm_idx;
