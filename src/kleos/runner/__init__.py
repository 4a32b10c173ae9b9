"""The batch runners on the session layer: the tournament scheduler (tournaments, simulations
and self-play), its backends, standings, analyses and benchmarks."""
