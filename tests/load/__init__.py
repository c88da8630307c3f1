"""Load and fault tests: the real server under sixty tables, SIGKILL, SQLite and PostgreSQL."""
