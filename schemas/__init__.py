"""JSON Schemas generated from swrebellion.models (never edited by hand), shipped inside the wheel."""
