"""The old forms of the effect language, and how a pack written in them is explained and upgraded (``steps``)."""
