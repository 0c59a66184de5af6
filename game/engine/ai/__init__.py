"""AI players: they read only a seat's Knowledge."""
