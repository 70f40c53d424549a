-- The month close at the bench's scale took 86 s on a quiet machine (issue 14's target: 60 s).
-- Most of it was spent not on the money but on calling the small pure helpers that say it: each
-- had `set search_path = ''`, and a function with a SET clause is never inlined into the query
-- that calls it; every call saves, sets and restores the setting instead. private.satang_moved
-- alone, called twice per ledger entry (340,040 entries), took 23.6 s for 680,000 calls; written
-- without the clause, 0.4 s. The close now takes 45 s (docs/performance.md § Month close).
--
-- These helpers are invoker functions that read no table by an unqualified name: every table is
-- written with its schema and everything else is pg_catalog's, which PostgreSQL searches first
-- whatever the caller's search_path. The functions that run as their owner (security definer)
-- keep their empty search_path (docs/architecture.md); these never did run as anyone else.
-- Supabase's linter reports "function_search_path_mutable" for them: a warning we accept, and
-- the reason is this comment.

alter function private.satang(bigint, integer) reset search_path;
alter function private.satang_moved(bigint, bigint, integer) reset search_path;
alter function private.measurement_counts(boolean, text, timestamptz, timestamptz, uuid) reset search_path;
alter function private.ledger_reason(boolean, uuid, uuid, text, text, boolean, timestamptz, timestamptz, date, text, bigint) reset search_path;
alter function private.auto_approve_after() reset search_path;
alter function private.auto_approve_at(timestamptz) reset search_path;
alter function private.auto_approve_cutoff(timestamptz) reset search_path;
alter function private.posted_after_deadline(timestamptz, date) reset search_path;
alter function private.is_proven(text, timestamptz) reset search_path;
alter function private.month_start(date) reset search_path;
alter function private.current_month() reset search_path;
alter function private.email_types(text) reset search_path;
