"""The table's phone: its round page and app, its results, the table code and the
opponents' confirmation."""
