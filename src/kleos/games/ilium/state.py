"""The Ilium rules: turns, placement, excavation and the end of the game (spec §4–§6, §13)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from kleos.core.errors import IllegalActionError
from kleos.core.protocol import Action, Outcome, PlayerId, State
from kleos.games.ilium.actions import (
    ChooseSite,
    ChooseToken,
    EndGameOffer,
    IliumAction,
    PlaceCube,
    PlaceGroup,
    PlayCard,
    StopCubes,
)
from kleos.games.ilium.board import TYPES, TokenCode, token_text
from kleos.games.ilium.scoring import score

if TYPE_CHECKING:
    from kleos.games.ilium.game import Ilium

EMPTY = -1
CUBE = 16
"""Space codes: EMPTY, a group `owner * 4 + size` (0..15), or a cube `CUBE + owner`."""

PHASE_CARD, PHASE_PLACE, PHASE_CUBE, PHASE_SITE, PHASE_TOKEN, PHASE_OFFER, PHASE_OVER = range(7)
PHASE_NAMES = ("card", "place", "cube", "site", "token", "offer", "over")

END_REASONS = {
    "cards": "every Assignment card has been played",
    "offer": "{player} took the end-game option",
    "no-room": "no usable path has an empty space",
}
"""Why a game ends (§6), in words; `end_reason` holds the key."""

Take = tuple[PlayerId, int]
"""A pending take during an excavation: (player, site index)."""


class IliumState(State):
    """A position of Ilium. Lists of tuples are shared copy-on-write, so `clone` is cheap."""

    __slots__ = (
        "_outcome",
        "card",
        "cards_left",
        "cubes",
        "decider",
        "deck",
        "empty",
        "end_reason",
        "excavation",
        "first_player",
        "fours_on_sites",
        "free",
        "group_space",
        "historian",
        "hoard",
        "last_cube",
        "occupant",
        "offer_used",
        "phase",
        "removed_tokens",
        "stock",
        "takes",
        "turn",
        "turn_path",
    )

    game: Ilium

    def __init__(self, game: Ilium) -> None:
        super().__init__(game)
        board = game.board
        self.occupant: list[int] = [EMPTY] * board.num_slots
        self.free: list[int] = [p.spaces for p in board.paths]
        self.empty: dict[int, None] = dict.fromkeys(
            slot for pi in game.usable_paths for slot in game.path_slots[pi]
        )
        self.stock: list[tuple[TokenCode, ...]] = [() for _ in board.sites]
        self.hoard: list[tuple[TokenCode, ...]] = [() for _ in range(game.players)]
        self.deck: list[tuple[int, ...]] = [() for _ in range(game.players)]
        """Each deck's cards; the top card is the last (sorted in Strategic Expeditions)."""
        self.cubes: list[int] = [3] * game.players
        self.historian: tuple[int, ...] = ()
        self.first_player = 0
        self.turn = 0
        self.phase = PHASE_PLACE
        self.decider = 0
        self.card = 0
        self.turn_path = -1
        self.group_space = -1
        self.last_cube = -1
        self.excavation: tuple[int, PlayerId, PlayerId, bool, int] | None = None
        """(path, first, second or -1, second qualifies, first's site or -1)."""
        self.takes: tuple[Take, ...] = ()
        self.offer_used = False
        self.fours_on_sites = 0
        self.cards_left = 0
        self.removed_tokens: tuple[TokenCode, ...] = ()
        self.end_reason = ""
        self._outcome: Outcome | None = None

    # ----------------------------------------------------------------- queries

    @property
    def current_player(self) -> PlayerId | None:
        """Who must decide now; None once the game is over."""
        return None if self.phase == PHASE_OVER else self.decider

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.phase == PHASE_OVER

    def outcome(self) -> Outcome:
        """Scores after the donation, the winners and each player's breakdown (§7, §8)."""
        if self._outcome is None:
            raise IllegalActionError("the game is not over yet, so it has no outcome")
        return self._outcome

    def legal_actions(self) -> tuple[IliumAction, ...]:
        """The options of the pending decision, in the canonical order of §13.1."""
        phase, table = self.phase, self.game.actions
        if phase == PHASE_PLACE:
            return tuple(map(table.place.__getitem__, self.empty))
        if phase == PHASE_CUBE:
            cube = table.cube
            return (*(cube[slot] for slot in self._cube_slots()), table.stop)
        if phase == PHASE_TOKEN:
            return tuple(table.token[t] for t in self._token_types(self.takes[0][1]))
        if phase == PHASE_SITE:
            assert self.excavation is not None
            path = self.game.board.paths[self.excavation[0]]
            return (table.site[path.a], table.site[path.b])
        if phase == PHASE_CARD:
            return tuple(table.play[v] for v in sorted(set(self.deck[self.turn])))
        if phase == PHASE_OFFER:
            return (table.end, table.go_on)
        return ()

    def legal_action_ids(self) -> list[int]:
        """The legal actions' integers, ascending; placements (most decisions) without objects."""
        if self.phase == PHASE_PLACE:
            base = self.game.actions.place_base
            return [base + slot for slot in self.empty]  # slots stay in ascending order
        return super().legal_action_ids()

    def _cube_slots(self) -> list[int]:
        """Empty slots of this turn's path above the last cube placed this turn."""
        offset = self.game.board.paths[self.turn_path].offset
        occupant = self.occupant
        end = offset + self.game.board.paths[self.turn_path].spaces
        return [s for s in range(offset + self.last_cube + 1, end) if occupant[s] == EMPTY]

    def _token_types(self, site: int) -> list[int]:
        """The distinct types among a site's lowest-valued tokens (§5.4)."""
        stock = self.stock[site]
        low = stock[0] >> 3
        types: list[int] = []
        previous = -1
        for code in stock:
            if code >> 3 != low:
                break
            if code != previous:
                types.append(code & 7)
                previous = code
        return types

    # ----------------------------------------------------------------- actions

    def apply_unchecked(self, action: Action) -> None:
        """Apply a legal action, then everything automatic up to the next decision."""
        cls = action.__class__
        if cls is PlaceGroup:
            assert isinstance(action, PlaceGroup)
            self._place_group(self._slot(action))
        elif cls is PlaceCube:
            assert isinstance(action, PlaceCube)
            self._place_cube(self._slot(action))
        elif cls is StopCubes:
            self._end_placement()
        elif cls is ChooseToken:
            assert isinstance(action, ChooseToken)
            player, site = self.takes[0]
            self.takes = self.takes[1:]
            artifact = action.index if action.index >= 0 else TYPES.index(action.artifact)
            self._take(player, site, artifact)
            self._run_takes()
        elif cls is ChooseSite:
            assert isinstance(action, ChooseSite) and self.excavation is not None
            board = self.game.board
            self._choose_site(action.index if action.index >= 0 else board.site_index(action.site))
        elif cls is PlayCard:
            assert isinstance(action, PlayCard)
            self._play_card(action.value)
        else:
            assert isinstance(action, EndGameOffer)
            self._answer_offer(action.end)

    def _slot(self, action: PlaceGroup | PlaceCube) -> int:
        """A placement's board slot: cached on the engine's own actions, looked up for an
        equal action built elsewhere (from its repr, say), so equal actions play alike."""
        if action.slot >= 0:
            return action.slot
        board = self.game.board
        return board.paths[board.path_index(action.path)].offset + action.space

    def _start_turn(self) -> None:
        """§4 steps 1–2: the no-room check, then the card (revealed, or chosen: D1)."""
        if not self.empty:
            self._finish("no-room")
            return
        deck = self.deck[self.turn]
        if not self.game.strategic:
            self._play_card(deck[-1])
        elif deck[0] == deck[-1]:
            self._play_card(deck[0])
        else:
            self.phase = PHASE_CARD
            self.decider = self.turn

    def _play_card(self, value: int) -> None:
        player = self.turn
        deck = self.deck[player]
        if self.game.strategic:
            i = deck.index(value)
            self.deck[player] = deck[:i] + deck[i + 1 :]
        else:
            self.deck[player] = deck[:-1]
        self.cards_left -= 1
        self.card = value
        self.phase = PHASE_PLACE
        self.decider = player
        if self._events is not None:
            self.emit("card", player=player, value=value, chosen=self.game.strategic)

    def _place_group(self, slot: int) -> None:
        player = self.turn
        path = self.game.board.slot_path[slot]
        self.occupant[slot] = player * 4 + self.card
        del self.empty[slot]
        self.free[path] -= 1
        self.turn_path = path
        self.group_space = slot - self.game.board.paths[path].offset
        if self._events is not None:
            path_id = self.game.board.paths[path].id
            self.emit("place", player=player, path=path_id, space=self.group_space, size=self.card)
        self._cube_step()

    def _cube_step(self) -> None:
        """D3 is asked while the player has a cube and a space above the last cube is empty."""
        if self.cubes[self.turn] and self._cube_slots():
            self.phase = PHASE_CUBE
        else:
            self._end_placement()

    def _place_cube(self, slot: int) -> None:
        player = self.turn
        self.occupant[slot] = CUBE + player
        del self.empty[slot]
        self.free[self.turn_path] -= 1
        self.cubes[player] -= 1
        self.last_cube = slot - self.game.board.paths[self.turn_path].offset
        if self._events is not None:
            path_id = self.game.board.paths[self.turn_path].id
            self.emit("cube", player=player, path=path_id, space=self.last_cube)
        self._cube_step()

    def _end_placement(self) -> None:
        if self.free[self.turn_path] == 0:
            self._excavate(self.turn_path)
        else:
            self._end_turn()

    def _excavate(self, path_index: int) -> None:
        """§5.1–§5.3: rank by count, then by distance to the shovel; the second may qualify."""
        path = self.game.board.paths[path_index]
        counts: dict[PlayerId, int] = {}
        distance: dict[PlayerId, int] = {}
        occupant = self.occupant
        for space in range(path.spaces):
            code = occupant[path.offset + space]
            if 0 <= code < CUBE:
                owner = code >> 2
                counts[owner] = counts.get(owner, 0) + (code & 3)
                distance.setdefault(owner, space)
        ranked = sorted(counts, key=lambda p: (-counts[p], distance[p]))
        first = ranked[0]
        second = ranked[1] if len(ranked) > 1 else -1
        qualifies = second >= 0 and 2 * counts[second] >= counts[first]
        if self._events is not None:
            self.emit(
                "excavation",
                path=path.id,
                counts={str(p): c for p, c in counts.items()},
                distances={str(p): d for p, d in distance.items()},
                ranking=ranked,
                first=first,
                second=second,
                qualifies=qualifies,
            )
        if qualifies:
            self.excavation = (path_index, first, second, True, -1)
            self.phase = PHASE_SITE
            self.decider = first
        else:
            self.excavation = (path_index, first, second, False, path.shovel)
            self.takes = ((first, path.shovel), (first, path.other))
            self._run_takes()

    def _choose_site(self, site: int) -> None:
        assert self.excavation is not None
        path_index, first, second, _, _ = self.excavation
        path = self.game.board.paths[path_index]
        self.excavation = (path_index, first, second, True, site)
        if self._events is not None:
            self.emit("site", player=first, site=self.game.board.sites[site].id)
        other = path.b if site == path.a else path.a
        self.takes = ((first, site), (second, other))
        self._run_takes()

    def _run_takes(self) -> None:
        """Take tokens until a take needs a type choice (D5) or all takes are done (§5.6)."""
        while self.takes:
            player, site = self.takes[0]
            stock = self.stock[site]
            if stock and not self.game.burial_vaults:
                types = self._token_types(site)
                if len(types) > 1:
                    self.phase = PHASE_TOKEN
                    self.decider = player
                    return
            self.takes = self.takes[1:]
            self._take(player, site, -1)
        self._end_turn()

    def _take(self, player: PlayerId, site: int, artifact: int) -> None:
        """Move a site's lowest token (of the chosen type, if any) to a hoard (§5.4–§5.5)."""
        stock = self.stock[site]
        if not stock:
            self.emit("take", player=player, site=self.game.board.sites[site].id, token=None)
            return
        code = stock[0] if artifact < 0 else (stock[0] >> 3) * 8 + artifact
        i = stock.index(code)
        self.stock[site] = stock[:i] + stock[i + 1 :]
        self.hoard[player] = (*self.hoard[player], code)
        if code >> 3 == 4:
            self.fours_on_sites -= 1
        if self._events is not None:
            site_id = self.game.board.sites[site].id
            self.emit("take", player=player, site=site_id, token=token_text(code))

    def _end_turn(self) -> None:
        """§4 step 6: all cards played ends the game; else the offer (D6) or the next turn."""
        self.excavation = None
        if self.cards_left == 0:
            self._finish("cards")
        elif not self.offer_used and self.fours_on_sites == 0:
            self.phase = PHASE_OFFER
            self.decider = self.turn
        else:
            self._next_turn()

    def _answer_offer(self, end: bool) -> None:
        self.offer_used = True
        if self._events is not None:
            self.emit("offer", player=self.turn, end=end)
        if end:
            self._finish("offer")
        else:
            self._next_turn()

    def _next_turn(self) -> None:
        self.turn = (self.turn + 1) % self.game.players
        self.card = 0
        self.turn_path = self.group_space = self.last_cube = -1
        self._start_turn()

    def _finish(self, reason: str) -> None:
        self.phase = PHASE_OVER
        self.decider = -1
        self.end_reason = reason
        words = END_REASONS[reason].format(player=self.game.player_name(self.turn))
        self._outcome = replace(score(self.hoard, self.historian), reason=words)
        if self._events is not None:
            self.emit("game_end", reason=reason)
            for p, part in enumerate(self._outcome.breakdown):
                self.emit("donation", player=p, historian=part["historian"], token=part["donated"])
            self.emit("scoring", outcome=self._outcome.to_json())

    # ------------------------------------------------------------ copies, views

    def clone(self) -> IliumState:
        """An independent copy (tuples inside the lists are shared: they are never mutated)."""
        new = IliumState.__new__(IliumState)
        new.game = self.game
        new._events = None
        new.occupant = self.occupant[:]
        new.free = self.free[:]
        new.empty = self.empty.copy()
        new.stock = self.stock[:]
        new.hoard = self.hoard[:]
        new.deck = self.deck[:]
        new.cubes = self.cubes[:]
        new.historian = self.historian
        new.first_player = self.first_player
        new.turn = self.turn
        new.phase = self.phase
        new.decider = self.decider
        new.card = self.card
        new.turn_path = self.turn_path
        new.group_space = self.group_space
        new.last_cube = self.last_cube
        new.excavation = self.excavation
        new.takes = self.takes
        new.offer_used = self.offer_used
        new.fours_on_sites = self.fours_on_sites
        new.cards_left = self.cards_left
        new.removed_tokens = self.removed_tokens
        new.end_reason = self.end_reason
        new._outcome = self._outcome
        return new

    def _determinize(self, player: PlayerId | None, rng: random.Random) -> IliumState:
        """Resample what `player` cannot see: others' Historians and every deck order
        (below `player`'s own top card). Once the game is over nothing is hidden.

        The result depends only on `view(player)` and `rng`: hidden parts are put in a
        canonical order before they are shuffled, so nothing of the true order leaks."""
        new = self.clone()
        if self.phase == PHASE_OVER:
            return new
        n = self.game.players
        others = [q for q in range(n) if q != player]
        pool = [t for t in range(len(TYPES)) if player is None or t != self.historian[player]]
        rng.shuffle(pool)
        historian = list(self.historian)
        for q, t in zip(others, pool, strict=False):
            historian[q] = t
        new.historian = tuple(historian)
        if not self.game.strategic:
            for q in range(n):
                deck = list(self.deck[q])
                keep = deck.pop() if q == player and deck else None
                deck.sort()
                rng.shuffle(deck)
                if keep is not None:
                    deck.append(keep)
                new.deck[q] = tuple(deck)
        return new

    def _view(self, player: PlayerId | None) -> dict[str, Any]:
        """What `player` may see (§10.1); None is a spectator."""
        from kleos.games.ilium.views import view

        return view(self, player)

    def _explain_illegal(self, action: Action) -> str:
        """Why an action is refused, in words."""
        from kleos.games.ilium.views import explain_illegal

        return explain_illegal(self, action)

    def __repr__(self) -> str:
        return (
            f"<IliumState {self.game.players}p turn={self.turn} "
            f"phase={PHASE_NAMES[self.phase]} decider={self.current_player}>"
        )
