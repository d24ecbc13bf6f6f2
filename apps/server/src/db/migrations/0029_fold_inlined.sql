-- pw_fold (0018) ran as a query of its own for every text it folded: PostgreSQL inlines an
-- IMMUTABLE SQL function only when its body is immutable too, and unaccent() is STABLE, so each
-- call went through the SQL-function executor (2.6–3.1 µs on the embedded database, against
-- 1.2–1.5 µs inlined). Products folds three texts for each row it writes; an import of 100,000
-- rows spent 0.4 s in those calls alone (docs/decisions.md). pw_unaccent is unaccent's own C
-- function (`unaccent_dict`, the one unaccent(text) calls) declared IMMUTABLE, the pretence the
-- wrapper already made. In its one-argument form it reads the dictionary named "unaccent" in its
-- own schema, public: the very dictionary 0018 named. The folded texts are the same, so the stored
-- copies and the indexes on pw_fold stay valid. The planner, which now sees the inlined body, is
-- told what a fold costs on pw_unaccent (0023's 1000, for the reasons given there). A C function
-- needs a superuser to create it: where the migrating role is not one, pw_fold stays as it was.
DO $$
BEGIN
  CREATE OR REPLACE FUNCTION public.pw_unaccent(text) RETURNS text
    LANGUAGE c IMMUTABLE PARALLEL SAFE STRICT COST 1000 AS '$libdir/unaccent', 'unaccent_dict';
  CREATE OR REPLACE FUNCTION public.pw_fold(text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT COST 1000 AS $fold$ SELECT lower(public.pw_unaccent($1)) $fold$;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'pw_fold keeps calling unaccent(): creating a C function needs a superuser';
END $$;
