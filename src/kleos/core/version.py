"""The engine's version, written into every record (and `kleos.__version__`)."""

ENGINE_VERSION = "0.1.0"
