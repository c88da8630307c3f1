"""The ``bridgescore`` command line: parse input, call the library once, print."""
