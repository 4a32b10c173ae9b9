"""The terminal front end: `kleos play`, `replay`, `simulate`, `bench` and `games`."""
