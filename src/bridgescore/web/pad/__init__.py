"""The home score pad: rubber and Chicago at the table, shared by a link."""
