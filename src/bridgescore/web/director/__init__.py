"""The director's pages: sessions set up, the control grid and desk, rulings, the
club's roster and pairs, late changes, files in and out."""
