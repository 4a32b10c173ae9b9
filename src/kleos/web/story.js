// The story of a game as the pages tell it: its log entries.
import { h, seatBadge } from "./ui.js";

/** One move in the log: who, what, and each event in words (long ones as a block). */
export function logItem(info, move) {
  return h(
    "li",
    { value: move.state_id + 1 },
    seatBadge(info, move.player),
    " ",
    h("code", {}, move.action),
    move.events
      .filter((e) => e.text)
      .map((e) => h("span", { class: `event${e.text.includes("\n") ? " long" : ""}` }, e.text)),
  );
}
