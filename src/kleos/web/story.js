// The story of a game as the pages tell it: log entries and the final result.
import { h, seatBadge, seatName } from "./ui.js";

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

/** The final result: scores, winners and each player's breakdown. */
export function breakdown(info, outcome) {
  const players = outcome.scores.map((_, p) => p);
  const rows = new Map();
  for (const p of players) {
    for (const [key, value] of Object.entries(outcome.breakdown?.[p] ?? {})) {
      if (!rows.has(key)) rows.set(key, []);
      rows.get(key)[p] = value;
    }
  }
  const cell = (value) =>
    value !== null && typeof value === "object"
      ? (Array.isArray(value) ? value : Object.entries(value)).map((item) => h("div", {}, said(item)))
      : said(value);
  return h(
    "section",
    { class: "panel", "aria-labelledby": "result-title" },
    h("h2", { id: "result-title" }, "Result"),
    h(
      "p",
      {},
      outcome.winners.length > 1 ? "Shared win: " : "Winner: ",
      outcome.winners.map((w) => seatBadge(info, w)),
      outcome.reason ? ` — ${outcome.reason}` : "",
    ),
    h(
      "div",
      { class: "scroll-x" },
      h(
        "table",
        { class: "breakdown" },
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            h("th", {}, ""),
            players.map((p) => h("th", { class: outcome.winners.includes(p) ? "winner" : "" }, seatName(info, p))),
          ),
        ),
        h(
          "tbody",
          {},
          h(
            "tr",
            {},
            h("th", {}, "Score"),
            players.map((p) => h("td", { class: outcome.winners.includes(p) ? "winner" : "" }, outcome.scores[p])),
          ),
          [...rows].map(([key, values]) =>
            h(
              "tr",
              {},
              h("th", {}, key.replaceAll("_", " ")),
              players.map((p) => h("td", {}, cell(values[p]))),
            ),
          ),
        ),
      ),
    ),
  );
}

/** Any JSON value in words: "Coins 2", "level 2, cards 3", lists joined by semicolons. */
function said(value) {
  if (value === null || value === undefined) return "—";
  if (Array.isArray(value)) {
    return value.length === 2 && typeof value[0] === "string"
      ? `${value[0].replaceAll("_", " ")} ${said(value[1])}`
      : value.map(said).join("; ");
  }
  if (typeof value === "object")
    return Object.entries(value)
      .map(([k, v]) => `${k.replaceAll("_", " ")} ${said(v)}`)
      .join(", ");
  return String(value);
}
