"""The pygame-ce user interface."""
