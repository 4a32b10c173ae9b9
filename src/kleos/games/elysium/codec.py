"""An Elysium state as JSON data, hidden parts included, read back strictly
(`kleos.core.jsonstate`; the task stack and the decision: `codec_tasks`; the cross-field rules:
`codec_checks`).

The document's `state` object holds only what cannot be derived; the rest (design bits, the
Temple, Legend types and the levels Citizens stand for, the options of the pending decision,
the outcome) is recomputed on reading with the rules' own helpers, so it cannot disagree.
Cards are named by card id, Quests by id, columns by name, seats by index (0 = P1):

- `epoch`: 1 to 5.
- `phase`: 'actions' (Phase II), 'income', 'writing' (Phase III) or 'over'.
- `families`: the 5 family ids in play, in card-set order.
- `pediment`: the Pediment side ('A', 'B').
- `order`: the seats by disc (the first holds disc 1).
- `turn_index`: Phase II turns begun this epoch, less one (4 × players once Phase II is over).
- `window`: the number of the current actions window or Writing step (0 before the first).
- `draw`: the draw pile, its top card last; `discard`, `agora`, `oracle`: those rows.
- `players`: per seat an object:
  - `gold`, `vp`, `pp`: the player's tokens;
  - `columns`: the columns not dismissed, in board order;
  - `card_takes`: cards and Citizens taken this epoch; `quest`: null, a Quest id or
    'incomplete'; `passed`, `step_done`: the pass of Phase II, the end of the Writing step;
  - `domain`: the face-up cards in order of arrival, each {card, window (of its arrival, -1:
    before play), turned (an Activate used), ring (a Trigger not yet used)};
  - `citizens`: the Citizens, earliest first, each {card (its hidden face), handle (its public
    number)};
  - `elysium`: the Legends in order of creation, each {cards (in order of arrival), citizens
    (as above)};
  - `ignore_condition`, `keep_column`, `oracle_access`, `extra_transfer`: pending one-shot
    effects; `discounts`: pending `transfer_discount`s, each {n, levels, citizens}.
- `family_tiles`: per family id, the seats holding its tiles, first then second.
- `level_tiles`: the seat holding the Level bonus tile of levels 1, 2, 3 (or null).
- `writer`: the seat in its Writing step (or null); `allowance`: its transfers left.
- `citizen_serial`: the last Citizen handle given; `chance_seed`, `reshuffles`: the seed of
  the discard pile's reshuffles and how many were made.
- `stack`: the pending tasks, the next last, each {task (its name, e.g. 'end_turn'), and its
  fields: player or owner (a seat), source (a card), kind ('order_hook', 'order_eleusis'),
  remaining (cards, ascending), left (transfers), effect}; an effect is {design, index}: the
  first design of the card set whose power holds it, and its place in that power.
- `decision`: null once the game is over, else {kind, player, and the kind's context:
  remaining (cards left to order), left (transfers), gold (to steal), agora_card (to swap
  out), effect (a gift or an attack), targets (of a copy: the one context the state keeps
  only as the decision's options)}.
- `history`: every decision made so far, [seat, action text], oldest first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kleos.core.jsonstate import Fields, Items, as_int, as_str, check
from kleos.games.elysium.codec_checks import check_stack, check_state
from kleos.games.elysium.codec_tasks import (
    ask_again,
    decision_json,
    read_card,
    read_task,
    task_json,
)
from kleos.games.elysium.legends import citizen_level, joined_type
from kleos.games.elysium.scoring import final_outcome
from kleos.games.elysium.state import (
    INCOMPLETE,
    NO_QUEST,
    UNDETERMINED,
    Discount,
    ElysiumState,
    Legend,
    history,
)
from kleos.games.elysium.vocabulary import (
    CARDS_PER_EPOCH,
    COLUMNS,
    EPOCHS,
    FAMILIES_IN_PLAY,
    FAMILY_MAX,
    LEVEL_MAX,
    MAX_LEGENDS_PER_PLAYER,
    ORACLE_SIZE,
    TURNS_PER_EPOCH,
)

if TYPE_CHECKING:
    from kleos.games.elysium.game import Elysium

PHASES = ("actions", "income", "writing", "over")
MAX_TOKENS = 9_999
"""The most gold, VP or PP a document may give a player (no game comes near)."""
MAX_PENDING = 99
"""The most of one pending one-shot effect, or of a Writing allowance, a document may give."""
MAX_STACK = 256
"""The most tasks a document's stack may hold (a game's deepest holds a few dozen)."""
MAX_SERIAL = 100_000
"""The most Citizens or reshuffles a document may count."""
MAX_CHANCE_SEED = 2**63 - 1
"""Chance seeds are 63-bit (`derive_seed`, `determinize`)."""
LEVELS = (1, 2, 3)


# ---------------------------------------------------------------------------- writing


def state_to_json(s: ElysiumState) -> dict[str, Any]:
    """The state's own fields as JSON data (the document's `state`)."""
    game = s.game
    return {
        "epoch": s.epoch,
        "phase": s.phase,
        "families": list(s.families),
        "pediment": s.pediment,
        "order": list(s.order),
        "turn_index": s.turn_index,
        "window": s.window,
        "draw": _ids(s, s.draw),
        "discard": _ids(s, s.discard),
        "agora": _ids(s, s.agora),
        "oracle": _ids(s, s.oracle),
        "players": [_player_json(s, p) for p in range(game.players)],
        "family_tiles": {
            game.family_ids[f]: list(holders) for f, holders in enumerate(s.family_tiles) if holders
        },
        "level_tiles": [_seat_json(s.level_tiles[level]) for level in LEVELS],
        "writer": _seat_json(s.writer),
        "allowance": s.allowance,
        "citizen_serial": s.citizen_serial,
        "chance_seed": s.chance_seed,
        "reshuffles": s.reshuffles,
        "stack": [task_json(game, task) for task in s.stack],
        "decision": None if s.decision is None else decision_json(s, s.decision),
        "history": history(s),
    }


def _player_json(s: ElysiumState, p: int) -> dict[str, Any]:
    quest = s.quest[p]
    return {
        "gold": s.gold[p],
        "vp": s.vp[p],
        "pp": s.pp[p],
        "columns": [c for i, c in enumerate(COLUMNS) if s.columns[p] >> i & 1],
        "card_takes": s.card_takes[p],
        "quest": None
        if quest == NO_QUEST
        else "incomplete"
        if quest == INCOMPLETE
        else s.game.quests[quest].id,
        "passed": s.passed[p],
        "step_done": s.step_done[p],
        "domain": [
            {
                "card": s.game.card(c).id,
                "window": s.entered[c],
                "turned": s.turned[c],
                "ring": s.ring[c],
            }
            for c in s.domain[p]
        ],
        "citizens": _citizens_json(s, s.citizens[p]),
        "elysium": [
            {
                "cards": _ids(s, legend.cards),
                "citizens": _citizens_json(s, [c for c, _ in legend.citizens]),
            }
            for legend in s.elysium[p]
        ],
        "ignore_condition": s.ignore[p],
        "keep_column": s.keep[p],
        "oracle_access": s.oracle_once[p],
        "extra_transfer": s.extra[p],
        "discounts": [
            {"n": d.n, "levels": sorted(d.levels), "citizens": d.citizens} for d in s.discounts[p]
        ],
    }


def _ids(s: ElysiumState, cards: Any) -> list[str]:
    card = s.game.card
    return [card(c).id for c in cards]


def _citizens_json(s: ElysiumState, cards: list[int] | tuple[int, ...]) -> list[dict[str, Any]]:
    return [{"card": s.game.card(c).id, "handle": s.citizen_handle[c]} for c in cards]


def _seat_json(seat: int) -> int | None:
    return None if seat < 0 else seat


# ---------------------------------------------------------------------------- reading


def state_from_json(f: Fields, game: Elysium) -> ElysiumState:
    """The state of `game` that a document's `state` object describes; a state no game could
    reach raises `StateDataError` (the caller refuses fields left unread)."""
    s = game.blank_state()
    n = game.players
    _read_families(s, f)
    s.epoch = f.int("epoch", 1, EPOCHS)
    s.phase = f.str("phase", choices=PHASES)
    s.pediment = f.str("pediment", choices=tuple(sorted(game.card_set.pediments)))
    s.order = f.ints("order", 0, n - 1, (n, n))
    check(sorted(s.order) == list(range(n)), f"{f.path}.order names every seat once")
    s.turn_index = f.int("turn_index", 0, TURNS_PER_EPOCH * n)
    s.window = f.int("window", 0, EPOCHS * (TURNS_PER_EPOCH + 1) * n)
    everything = len(game.card_set.cards)
    s.draw = _cards(s, f.list("draw", 0, everything))
    s.discard = _cards(s, f.list("discard", 0, everything))
    s.agora = _cards(s, f.list("agora", 0, game.agora_size))
    s.oracle = _cards(s, f.list("oracle", 0, ORACLE_SIZE if s.apollo else 0))
    handles: dict[int, int] = {}
    for p, player in enumerate(f.list("players", n, n).objects()):
        _read_player(s, p, player, handles)
        player.done()
    s.citizen_handle = handles
    tiles = f.object("family_tiles")
    for i, family in enumerate(game.family_ids):
        if tiles.has(family):
            s.family_tiles[i] = tuple(tiles.ints(family, 0, n - 1, (1, n)))
    tiles.done()
    s.level_tiles = [-1, *f.list("level_tiles", 3, 3).each(lambda v, path: _seat(s, v, path))]
    s.writer = _seat(s, f.raw("writer"), f"{f.path}.writer")
    s.allowance = f.int("allowance", 0, MAX_PENDING)
    s.citizen_serial = f.int("citizen_serial", 0, MAX_SERIAL)
    s.chance_seed = f.int("chance_seed", 0, MAX_CHANCE_SEED)
    s.reshuffles = f.int("reshuffles", 0, MAX_SERIAL)
    s.stack = [read_task(game, task) for task in f.list("stack", 0, MAX_STACK).objects()]
    _read_history(s, f.list("history", 0, game.max_game_length()))
    held = [quest for quest in s.quest if quest >= 0]
    check(len(held) == len(set(held)), f"{f.path}: two players hold the same Quest tile")
    s.temple = tuple(q for q in range(len(game.quests)) if q not in held)
    check_state(s, f.path)
    decision = f.raw("decision")
    check(
        (decision is None) == (s.phase == "over"),
        f"{f.path}.decision is null exactly when the game is over",
    )
    if decision is None:
        s._outcome = final_outcome(s)
    else:
        ask_again(s, Fields(decision, f"{f.path}.decision"))
    check_stack(s, f.path)
    return s


def _read_families(s: ElysiumState, f: Fields) -> None:
    game = s.game
    known = game.family_ids
    families = f.list("families", FAMILIES_IN_PLAY, FAMILIES_IN_PLAY).each(
        lambda value, path: as_str(value, path, 40, known)
    )
    check(
        families == sorted(set(families), key=known.index),
        f"{f.path}.families are different families in card-set order",
    )
    s.families = tuple(families)
    check(game.families in (None, s.families), f"{f.path}.families are not this game's families")
    s.apollo, s.ares = "apollo" in s.families, "ares" in s.families


def _read_player(s: ElysiumState, p: int, f: Fields, handles: dict[int, int]) -> None:
    game = s.game
    t = game.tables
    s.gold[p] = f.int("gold", 0, MAX_TOKENS)
    s.vp[p] = f.int("vp", 0, MAX_TOKENS)
    s.pp[p] = f.int("pp", 0, MAX_TOKENS)
    columns = f.list("columns", 0, len(COLUMNS)).each(
        lambda value, path: COLUMNS.index(as_str(value, path, 10, COLUMNS))
    )
    check(columns == sorted(set(columns)), f"{f.path}.columns are different, in board order")
    s.columns[p] = sum(1 << c for c in columns)
    s.card_takes[p] = f.int("card_takes", 0, CARDS_PER_EPOCH)
    s.quest[p] = _quest(s, f.raw("quest"), f"{f.path}.quest")
    s.passed[p] = f.bool("passed")
    s.step_done[p] = f.bool("step_done")
    domain = []
    for entry in f.list("domain", 0, MAX_LEGENDS_PER_PLAYER).objects():
        card = read_card(game, entry.raw("card"), f"{entry.path}.card")
        s.entered[card] = entry.int("window", -1, s.window)
        s.turned[card] = entry.bool("turned")
        s.ring[card] = entry.bool("ring")
        entry.done()
        check(not s.turned[card] or t.activate[card], f"{entry.path} is turned: no Activate")
        check(
            not s.ring[card] or t.power[card] == "trigger", f"{entry.path} has a ring: no Trigger"
        )
        domain.append(card)
    designs = [t.design_bit[c] for c in domain]
    check(len(set(designs)) == len(designs), f"{f.path}.domain holds two identical cards")
    s.domain[p], s.designs[p] = tuple(domain), sum(designs)
    s.citizens[p] = tuple(_citizens(s, f.list("citizens", 0, len(game.card_set.cards)), handles))
    legends = f.list("elysium", 0, MAX_LEGENDS_PER_PLAYER).objects()
    s.elysium[p] = tuple(_read_legend(s, legend, handles) for legend in legends)
    s.ignore[p] = f.int("ignore_condition", 0, MAX_PENDING)
    s.keep[p] = f.int("keep_column", 0, MAX_PENDING)
    s.oracle_once[p] = f.int("oracle_access", 0, MAX_PENDING)
    s.extra[p] = f.int("extra_transfer", 0, MAX_PENDING)
    s.discounts[p] = tuple(_discount(s, d) for d in f.list("discounts", 0, MAX_PENDING).objects())


def _quest(s: ElysiumState, value: object, path: str) -> int:
    """A player's Quest: null (none yet), 'incomplete', or a Quest tile of this game by id."""
    if value is None:
        return NO_QUEST
    names = tuple(q.id for q in s.game.quests)
    name = as_str(value, path, 40, ("incomplete", *names))
    return INCOMPLETE if name == "incomplete" else names.index(name)


def _read_legend(s: ElysiumState, f: Fields, handles: dict[int, int]) -> Legend:
    """A Legend built as the rules build it: each card joins it (`joined_type`), then each
    Citizen does, standing for the level `citizen_level` gives."""
    t = s.game.tables
    cards = _cards(s, f.list("cards", 1, max(FAMILY_MAX, LEVEL_MAX)))
    legend = Legend(UNDETERMINED, -1, (cards[0],), ())
    for card in cards[1:]:
        joined = joined_type(t, legend, card)
        check(joined is not None, f"{f.path}.cards do not make a Legend")
        assert joined is not None
        legend = Legend(*joined, (*legend.cards, card), ())
    for card in _citizens(s, f.list("citizens", 0, LEVEL_MAX), handles):
        level = citizen_level(t, legend)
        check(level is not None, f"{f.path}.citizens may not join this Legend")
        assert level is not None
        legend = legend._replace(citizens=(*legend.citizens, (card, level)))
    f.done()
    return legend


def _citizens(s: ElysiumState, items: Items, handles: dict[int, int]) -> list[int]:
    """Citizens, each {card, handle}; the handles go into `handles`."""
    cards = []
    for f in items.objects():
        card = read_card(s.game, f.raw("card"), f"{f.path}.card")
        handles[card] = f.int("handle", 1, MAX_SERIAL)
        f.done()
        cards.append(card)
    return cards


def _discount(s: ElysiumState, f: Fields) -> Discount:
    """A pending discount: one that a `transfer_discount` of the card set gives."""
    levels = f.ints("levels", 1, 3, (0, 3))
    discount = Discount(f.int("n", 1, MAX_PENDING), frozenset(levels), f.bool("citizens"))
    f.done()
    given = {
        Discount(e.n, e.levels, e.citizens)
        for d in s.game.card_set.designs
        for e in d.effects
        if e.op == "transfer_discount"
    }
    check(levels == sorted(set(levels)), f"{f.path}.levels are different, ascending")
    check(discount in given, f"{f.path} is no discount of this card set")
    return discount


def _read_history(s: ElysiumState, entries: Items) -> None:
    """The decisions made so far, each [seat, the canonical text of an action]."""
    by_text = s.game.actions.space.by_text
    for entry in entries.lists(2, 2):
        seat, text = entry.data
        player = as_int(seat, 0, s.game.players - 1, f"{entry.path}[0]")
        action = by_text.get(as_str(text, f"{entry.path}[1]", 40).lower())
        check(action is not None and str(action) == text, f"{entry.path}[1] is no action text")
        s.history = (s.history, player, action)


def _cards(s: ElysiumState, items: Items) -> list[int]:
    game = s.game
    return items.each(lambda value, path: read_card(game, value, path))


def _seat(s: ElysiumState, value: object, path: str) -> int:
    """A seat, or -1 for null."""
    return -1 if value is None else as_int(value, 0, s.game.players - 1, path)
