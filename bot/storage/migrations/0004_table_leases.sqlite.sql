-- Who runs a live table: one process at a time (shards over processes). `owner` names the process (host, pid,
-- start time); `epoch` grows each time the table changes hands, and every write of the table checks it
-- (a fencing token); `expires_at` is in the database's clock (unix seconds). See docs/STORAGE.md.
CREATE TABLE table_leases (
    table_id   INTEGER PRIMARY KEY REFERENCES live_tables (id) ON DELETE CASCADE,
    owner      TEXT    NOT NULL,
    epoch      INTEGER NOT NULL,
    expires_at REAL    NOT NULL
);
CREATE INDEX table_leases_owner ON table_leases (owner);
