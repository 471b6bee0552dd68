-- Issue #14 point 4: the write generation of the read cache (server/http/read-cache.ts). Every API
-- process advances it after a request that may write, and reads it before answering a cached
-- read, so a page cached by one process is not served after another process's write.
-- A sequence: nextval never waits for another transaction and is never rolled back.
CREATE SEQUENCE api_write_generation;
