// What just happened, on the board and in words: each other player's last move since my last
// turn is marked on the element it was played on (its `target`), briefly animated when new
// (unless the system asks for reduced motion), and told in a short list.
import { seatBadge, seatColour } from "./ui.js";
import { h } from "./vdom.js";

const MOST_TOLD = 12;
const IN_VIEW = 3;

/**
 * @typedef {{state_id: number, player: number, action: string, target?: string | null,
 *   events: {text?: string}[]}} LoggedMove
 */

/** The moves of the others since my last one (a spectator: since the last move of the player
 * who moved last), oldest first.
 * @param {LoggedMove[]} moves the whole log so far, in order
 * @param {number | null} viewer
 */
export function sinceMyTurn(moves, viewer) {
  if (!moves.length) return [];
  let start = moves.length - 1;
  if (viewer === null) {
    const last = moves[start].player;
    while (start > 0 && moves[start - 1].player !== last) start--;
  } else {
    while (start >= 0 && moves[start].player !== viewer) start--;
    start++;
  }
  return moves.slice(start).filter((m) => m.player !== viewer);
}

/** The marks of the last move of each player among `moves`, by the target it was played on
 * (for the board to draw): fresh, to pulse, when not in `seen`, which they join.
 * @param {LoggedMove[]} moves
 * @param {Set<number>} seen state ids already marked
 * @returns {Map<string, {player: number, colour: string, fresh: boolean}>}
 */
export function lastMoveMarks(info, moves, seen) {
  const last = new Map();
  for (const move of moves) if (move.target) last.set(move.player, move);
  const marks = new Map();
  for (const [player, move] of last) {
    marks.set(move.target, { player, colour: seatColour(info, player), fresh: !seen.has(move.state_id) });
  }
  for (const move of moves) seen.add(move.state_id);
  return marks;
}

/** The moves since my last turn, in words: who, and what each move did; the last few in view,
 * the earlier ones (up to a dozen) folded away. */
export function sincePanel(info, moves, viewer) {
  if (!moves.length) return null;
  const item = (move) => {
    const told = move.events.filter((e) => e.text).map((e) => (e.text ?? "").split("\n")[0]);
    const text = told.length ? told.join(" ") : move.action;
    return h("li", { key: move.state_id, value: move.state_id + 1 }, seatBadge(info, move.player, "", h), " ", text);
  };
  const told = moves.slice(-MOST_TOLD);
  const earlier = told.slice(0, -IN_VIEW);
  return h(
    "div",
    { class: "since", "aria-label": "What happened" },
    h("h3", {}, viewer === null ? "Last moves" : "Since your last turn"),
    earlier.length
      ? h(
          "details",
          { class: "since-earlier" },
          h("summary", {}, `${earlier.length} earlier move${earlier.length === 1 ? "" : "s"}`),
          h("ol", { class: "since-list" }, earlier.map(item)),
        )
      : null,
    h("ol", { class: "since-list" }, told.slice(-IN_VIEW).map(item)),
  );
}
