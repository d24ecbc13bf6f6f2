-- The audit's "Field: old → new; …" text is written by the server with each entry (issue 24):
-- computed here as a generated column it was half the cost of an audit row, and an import writes
-- one row per record. DROP EXPRESSION keeps every stored text as it is (no rewrite of the table).
-- `audit_changes_text(details)` stays: it is what the server's text is tested against.
ALTER TABLE "audit_log" ALTER COLUMN "changes_text" DROP EXPRESSION;
