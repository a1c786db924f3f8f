-- Who runs a live table: one process at a time (shards over processes). As 0004_table_leases.sqlite.sql.
CREATE TABLE table_leases (
    table_id   BIGINT  PRIMARY KEY REFERENCES live_tables (id) ON DELETE CASCADE,
    owner      TEXT    NOT NULL,
    epoch      BIGINT  NOT NULL,
    expires_at DOUBLE PRECISION NOT NULL
);
CREATE INDEX table_leases_owner ON table_leases (owner);
