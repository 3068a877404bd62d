"""Effect ops of the base game. Work in progress."""


def register(registry):
    pass
