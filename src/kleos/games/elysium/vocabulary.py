"""The fixed terms and numbers of Elysium, shared by the card data, its checks and the engine:
the gods, the columns, power types, windows, the 21 effect primitives of docs/elysium.md §12, and
the counts of the rules (epochs, turns, takes, the Oracle, Legend sizes) with the Legend bound they
give."""

from __future__ import annotations

FAMILY_IDS = ("zeus", "poseidon", "hades", "ares", "apollo", "athena", "hermes", "hephaestus")
"""The 8 gods, in the order of the rules (docs/elysium.md §1); a card set may hold any of them."""
COLUMNS = ("yellow", "blue", "green", "red")
"""The four column colours, in the order of a player board (and of column indices)."""
BLACK = "black"
POWER_TYPES = ("instantaneous", "permanent", "trigger", "activate", "eleusis", "legend", "chronos")
WINDOWS = ("actions", "legends", "any")
RESOURCES = ("gold", "vp", "pp")
COUNTERS = ("legends", "legends_3plus", "level_legends", "gold_pairs")
LOSS_KINDS = ("discard", "gold", "vp", "pp")
COPY_KINDS = ("instantaneous", "activate", "trigger")
HOOKS = ("on_take_quest",)
PRIMITIVES = (
    "gain_gold",
    "gain_vp",
    "gain_pp",
    "gain_per",
    "share_gift",
    "opponents_lose",
    "steal_gold",
    "immune_to_attacks",
    "take_citizen",
    "immediate_transfer",
    "extra_transfer",
    "transfer_discount",
    "per_transfer_gain",
    "citizen_no_penalty",
    "ignore_condition",
    "keep_column",
    "treat_circle_black",
    "oracle_access",
    "oracle_take_free",
    "oracle_swap",
    "copy_power",
)
"""The closed vocabulary of effect primitives (docs/elysium.md §12), in the order of the spec."""
FAMILIES_IN_PLAY = 5
"""A game uses 5 families, so a card set needs at least 5."""
MAX_PLAYERS = 4

EPOCHS = 5
TURNS_PER_EPOCH = 4
CARDS_PER_EPOCH = 3
"""Card takes (cards or Citizens) each player makes per epoch (docs/elysium.md §5.2.1)."""
ORACLE_SIZE = 4
"""Cards dealt to the Oracle at set-up and in each Phase I (docs/elysium.md §3, §5.1), its only
refills (docs/elysium.md §9)."""
FAMILY_MAX = 3
"""Cards in a complete Family Legend (one per level)."""
LEVEL_MAX = 5
"""Cards in the largest Level Legend (one per family in play)."""

MAX_LEGENDS_PER_PLAYER = EPOCHS * (CARDS_PER_EPOCH + ORACLE_SIZE)
"""No player ever holds more Legends than this (35); transfer actions name Legends 1 to 35.

Every Legend holds a real (face-up) card: a Citizen never starts one (docs/elysium.md §6.3), and
real cards never leave an Elysium. A real card reaches a Domain only by a card take (at most 3 per
epoch, docs/elysium.md §5.2.1) or as an extra card from the Oracle (`oracle_take_free`, a copy of it
included). The Oracle holds at most 4 cards and is refilled only in Phase I; within an epoch nothing
adds an Oracle card (`oracle_swap` exchanges one for an Agora card). So a player receives at most
3 + 4 real cards an epoch, 5 × (3 + 4) = 35 in a game, and starts at most 35 Legends."""
