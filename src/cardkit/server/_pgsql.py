"""What the PostgreSQL storage asks the database: its schema, step by step, and its
statements (`cardkit.server.postgres` runs them; this module needs no driver).

Every statement that changes a table also notifies the other workers, in the same
statement, so that a notification is delivered only for a committed change.
"""

from __future__ import annotations

__all__ = [
    "COUNTS",
    "CREATE",
    "DELETE",
    "ORPHANS",
    "POSTGRES_STEPS",
    "ROW_PARAMETERS",
    "SAVE",
    "SAVE_MANY",
    "SAVE_ROW",
    "save_many_statement",
]

#: PostgreSQL's schema, step by step: step N brings the schema to version N.
POSTGRES_STEPS: tuple[str, ...] = (
    "CREATE TABLE cardkit_tables ("
    " id TEXT PRIMARY KEY,"
    " data TEXT NOT NULL,"
    " revision BIGINT NOT NULL,"
    " active BOOLEAN NOT NULL DEFAULT TRUE,"
    " created TIMESTAMPTZ NOT NULL DEFAULT now(),"
    " updated TIMESTAMPTZ NOT NULL DEFAULT now())",
    "CREATE INDEX cardkit_tables_active ON cardkit_tables (id) WHERE active",
    # A record (3-10 KB) is compressed on every write: lz4 costs PostgreSQL about 40% less
    # CPU per action than the default pglz (benchmark: 0.08 against 0.13 ms). A server
    # without lz4 (built without it, or before PostgreSQL 14) keeps pglz.
    "DO $$ BEGIN"
    " EXECUTE 'ALTER TABLE cardkit_tables ALTER COLUMN data SET COMPRESSION lz4';"
    " EXCEPTION WHEN feature_not_supported OR syntax_error THEN NULL;"
    " END $$",
    # The match's finished deals apart (`split_record`), written only when a deal ends:
    # written with every action, they were most of a long match's record (NULL: in
    # ``data``, as a record of an older server, or one just created, holds them).
    "DO $$ BEGIN"
    " ALTER TABLE cardkit_tables ADD COLUMN deals TEXT;"
    " BEGIN"
    " EXECUTE 'ALTER TABLE cardkit_tables ALTER COLUMN deals SET COMPRESSION lz4';"
    " EXCEPTION WHEN feature_not_supported OR syntax_error THEN NULL;"
    " END;"
    " END $$",
)

CREATE = (
    "WITH done AS (INSERT INTO cardkit_tables (id, data, revision) VALUES (%s, %s, 1) "
    "RETURNING id, revision) "
    "SELECT pg_notify(%s, %s || ':' || id || ':' || revision) FROM done"
)
SAVE = (
    "WITH done AS (UPDATE cardkit_tables SET data = %s, "
    "deals = CASE WHEN %s THEN deals ELSE %s END, revision = revision + 1, active = %s, "
    "updated = now() WHERE id = %s AND revision = %s RETURNING id, revision) "
    "SELECT pg_notify(%s, %s || ':' || id || ':' || revision) FROM done"
)
#: The batch statement (`save_many_statement` numbers its ``$n``). Each row is a
#: compare-and-set of its own; the rows stored are told in one notification per part of
#: about 7,000 characters (the payload's limit is 8,000), not one per row: each is queued,
#: read by every listening worker and parsed (one per row cost two workers about 6% of
#: their CPU).
SAVE_MANY = (
    "WITH changes (id, data, revision, active, kept, deals) AS (VALUES {rows}), "
    "done AS (UPDATE cardkit_tables t SET data = c.data, "
    "deals = CASE WHEN c.kept THEN t.deals ELSE c.deals END, revision = t.revision + 1, "
    "active = c.active, updated = now() FROM changes c "
    "WHERE t.id = c.id AND t.revision = c.revision RETURNING t.id, t.revision), "
    "parts AS (SELECT id, revision, "
    "sum(length(id) + 30) OVER (ROWS UNBOUNDED PRECEDING) / 7000 AS part FROM done), "
    "told AS (SELECT pg_notify(${channel}, ${writer} || ':' "
    "|| json_agg(json_build_array(id, revision))::text) FROM parts GROUP BY part) "
    "SELECT id FROM done UNION ALL SELECT NULL FROM told"
)
#: One table's row, from its six parameters (the first numbered ``n``).
SAVE_ROW = "(${}::text,${}::text,${}::int8,${}::bool,${}::bool,${}::text)"
#: The parameters of one row.
ROW_PARAMETERS = 6


def save_many_statement(rows: int) -> str:
    """The statement that saves ``rows`` tables, each compared on its own revision.

    Its placeholders are PostgreSQL's own, for a raw cursor: psycopg converts ``%s``
    by a regular expression on every run of a statement of over 50 parameters
    (about 5% of a worker's CPU per action in the benchmark).
    """
    width = ROW_PARAMETERS
    values = ", ".join(
        SAVE_ROW.format(*range(width * n + 1, width * n + width + 1)) for n in range(rows)
    )
    return SAVE_MANY.format(rows=values, channel=width * rows + 1, writer=width * rows + 2)


DELETE = (
    "WITH done AS (DELETE FROM cardkit_tables WHERE id = %s "
    "AND (%s::bigint IS NULL OR revision = %s) RETURNING id) "
    "SELECT pg_notify(%s, %s || ':' || id || ':0') FROM done"
)
#: Tables that play and whose lease nobody holds.
ORPHANS = (
    "SELECT id FROM cardkit_tables t WHERE active AND NOT EXISTS ("
    " SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted"
    " AND l.classid = %s::oid AND l.objid = hashtext(t.id)::oid AND l.objsubid = 2)"
)
COUNTS = (
    "SELECT (SELECT count(*) FROM cardkit_tables WHERE active),"
    " (SELECT count(*) FROM pg_stat_activity"
    " WHERE application_name = %s AND datname = current_database())"
)
