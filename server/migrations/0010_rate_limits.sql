-- Issue #14 point 5: the abuse limits (login, register, guest login, reports…) counted in the
-- database, so several API processes on one PostgreSQL share one budget per client and route.
-- One row per key (route + client address); a row whose window has ended starts over.
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  reset_at timestamptz NOT NULL
);
CREATE INDEX rate_limits_reset_idx ON rate_limits (reset_at);
