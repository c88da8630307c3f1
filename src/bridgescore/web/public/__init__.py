"""What everyone sees: the home page, logging in, the published results."""
