"""Four Trumps: four traditional trick-taking card games at one felt table."""

__version__ = "0.1.0"
