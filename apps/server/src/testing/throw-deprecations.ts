/**
 * The PostgreSQL run turns deprecation warnings into errors. node-postgres warns (once per process,
 * then never again) when a query is sent to a connection that is still running one, which is what
 * `Promise.all` over a transaction does; on PostgreSQL 9 it will fail. As an error, the test that does it
 * fails where it does it, in every file, not as one line of stderr in one process.
 */
process.throwDeprecation = true;
