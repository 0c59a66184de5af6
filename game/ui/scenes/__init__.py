"""The scenes: the main menu, the table, the in-game menu and settings."""
