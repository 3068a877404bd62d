"""swrebellion: a rules kernel, content packs and tools for *Star Wars: Rebellion*.

This top-level package is the kernel (``core/`` in the repository). It is kept light: importing it must not pull
in pydantic or jsonschema, so that ``rebellion --help`` starts fast (see benchmarks/startup.py).
"""

__version__ = "0.1.0"
