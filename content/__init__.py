"""Built-in content packs (data only), shipped inside the wheel."""
