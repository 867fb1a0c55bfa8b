"""touti-dsl: Touti rule systems as declarative specs, compiled to a reference engine,
conformance cases and rules docs."""

__version__ = "0.1.0"
