-- What a call of `pw_fold` costs, told to the planner (issue 26). Declared with the default cost of a
-- SQL function (100 operator costs), the planner took folding a row's text as nearly free, and read a
-- search such as a name filter "chair 12" sorted by release date by walking the sort's index in order
-- and folding the name of every row it met (57,000 rows, in release-date order, random on disk, for
-- 50 matches: 1.3–2.3 s with 1,000,000 products) rather than reading the trigram index's candidates
-- and sorting the matches. Measured, a call costs about 1.1 µs, some 400 operator costs: at 1000 the
-- planner reads the candidates first when they are few, and still walks the sort's index when the
-- matches are many (a common word sorted by price), as it should. docs/performance.md has the plans.
ALTER FUNCTION pw_fold(text) COST 1000;
