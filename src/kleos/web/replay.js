// A finished game: the result in the game's words, a move-by-move replay (every seat's secrets
// shown, since the game is over) beside the analysis chart of each player's chance of winning,
// computed on the server.
import { api, gameLink, holdSeat } from "./api.js";
import { rulesLink } from "./glossary.js";
import { logItem } from "./story.js";
import { h, mount, seatBadge, seatColour, seatName, svg } from "./ui.js";
import { hideWhy } from "./whynot.js";

export async function showFinished(main, info, env, board, token = null) {
  document.title = `${info.title} (finished) — Kleos`;
  const id = env.id;
  const log = await api(`/api/games/${id}/log`);
  const plies = log.length;
  const cache = new Map();
  const boardRoot = h("div", { class: "board replay-board", "data-replay-board": "" });
  const moveRoot = h("ol", { class: "log", "aria-label": "Move at this point" });
  const slider = h("input", { type: "range", min: 0, max: plies, value: plies, "aria-label": "Move number" });
  const where = h("span", { role: "status", "aria-live": "polite" });
  const chartRoot = h(
    "section",
    { class: "panel", "aria-labelledby": "analysis-title" },
    h("h2", { id: "analysis-title" }, "Analysis"),
    h("p", { class: "muted", "data-analysis": "running" }, "The server is analysing the game…"),
  );
  let ply = plies;
  let analysis = null;

  async function show(target) {
    ply = Math.max(0, Math.min(plies, target));
    slider.value = ply;
    where.textContent = ply === 0 ? `Start of the game (0 of ${plies})` : `After move ${ply} of ${plies}`;
    let view = cache.get(ply);
    if (!view) {
      view = await api(`/api/games/${id}/replay?ply=${ply}`);
      cache.set(ply, view);
    }
    if (Number(slider.value) !== ply) return;
    board.render(boardRoot, info, view, { replay: true, privates: view.privates, choose: () => {} });
    mount(moveRoot, ply > 0 ? logItem(info, log[ply - 1]) : h("li", { class: "muted" }, "The game is dealt."));
    if (analysis) drawChart(chartRoot, info, analysis, ply, show);
  }

  const step = (delta) => () => show(ply + delta);
  const controls = h(
    "div",
    { class: "replay-controls", role: "group", "aria-label": "Replay" },
    h("button", { type: "button", onclick: () => show(0), "aria-label": "First move" }, "« First"),
    h("button", { type: "button", onclick: step(-1), "aria-label": "Previous move" }, "‹ Back"),
    h("button", { type: "button", onclick: step(1), "aria-label": "Next move" }, "Next ›"),
    h("button", { type: "button", onclick: () => show(plies), "aria-label": "Last move" }, "Last »"),
    slider,
    where,
  );
  slider.addEventListener("input", () => show(Number(slider.value)));
  stepWithKeys(slider, {
    ArrowLeft: () => show(ply - 1),
    ArrowRight: () => show(ply + 1),
  });

  const replay = h(
    "section",
    { class: "panel", "aria-labelledby": "replay-title" },
    h("h2", { id: "replay-title" }, "Replay"),
    controls,
    h("p", { class: "muted hint" }, "The ← and → keys step through the moves from anywhere on the page."),
    moveRoot,
  );
  layout(main, info, env, token, { log, boardRoot, replay, chartRoot });
  hideWhy(); // a bubble about the live board, now gone, would float over the result
  await show(plies);
  analysis = await waitForAnalysis(id, chartRoot);
  if (analysis) drawChart(chartRoot, info, analysis, ply, show);
}

/** The page: the result beside its links, the replay board beside the replay and the
 * analysis, then the whole log. */
function layout(main, info, env, token, { log, boardRoot, replay, chartRoot }) {
  const id = env.id;
  mount(
    main,
    h("h1", {}, `${info.title}, ${info.players} players — finished`),
    h("p", { class: "rules-line" }, rulesLink(info)),
    h(
      "div",
      { class: "finished-top" },
      result(info, env.outcome),
      h(
        "div",
        { class: "stack" },
        h("a", { href: `/api/games/${id}/record`, download: `${info.game}-${id}.jsonl` }, "Download the record"),
        token && env.viewer !== null ? rematchButton(info, id, token) : null,
      ),
    ),
    h("div", { class: "finished-replay" }, boardRoot, h("div", { class: "replay-side stack" }, replay, chartRoot)),
    h(
      "section",
      { class: "panel" },
      h("h2", {}, "Log"),
      h(
        "ol",
        { class: "log", "aria-label": "Every move" },
        log.map((m) => logItem(info, m)),
      ),
    ),
  );
}

/** The replay's keys work wherever the focus is on the page, except where typing or a control
 * of its own needs them (text fields, the slider, menus); they stop once the page is gone. */
function stepWithKeys(anchor, actions) {
  const handler = (event) => {
    if (!anchor.isConnected) {
      document.removeEventListener("keydown", handler);
      return;
    }
    const action = actions[event.key];
    if (!action || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    if (target instanceof Element && target.closest("input, textarea, select, [contenteditable]")) return;
    event.preventDefault();
    action();
  };
  document.addEventListener("keydown", handler);
}

/** The final result: the winners, why the game ended, each player's breakdown in the game's
 * rows and words (`score_rows` of the static data), and how a tie on the top score was broken. */
function result(info, outcome) {
  const players = outcome.scores.map((_, p) => p);
  const won = (p) => (outcome.winners.includes(p) ? "winner" : "");
  return h(
    "section",
    { class: "panel result", "aria-labelledby": "result-title" },
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
            h("td", {}, ""),
            players.map((p) => h("th", { scope: "col", class: won(p) }, seatName(info, p))),
          ),
        ),
        h(
          "tbody",
          {},
          h(
            "tr",
            { class: "score" },
            h("th", { scope: "row" }, "Score"),
            players.map((p) => h("td", { class: won(p) }, outcome.scores[p])),
          ),
          scoreRows(info, outcome).map((row) => breakdownRows(row, outcome.breakdown ?? [], players)),
        ),
      ),
    ),
    outcome.tiebreak ? h("p", { class: "tiebreak", "data-tiebreak": "" }, outcome.tiebreak) : null,
  );
}

/** The rows the game names, without the total (the score row says it); a game that names none
 * gets its breakdown's plain figures. */
function scoreRows(info, outcome) {
  const named = info.data?.score_rows;
  if (named) return named.filter((row) => row.key !== "total");
  const keys = new Set((outcome.breakdown ?? []).flatMap((b) => Object.keys(b)));
  const plain = (key) => outcome.breakdown.every((b) => b[key] === undefined || typeof b[key] !== "object");
  return [...keys].filter(plain).map((key) => ({ key, label: key.replaceAll("_", " ") }));
}

/** One score row: its figures, a heading over its parts (one figure per kind), or its items
 * in words under its figure. */
function breakdownRows(row, parts, players) {
  if (row.parts) {
    return [
      h("tr", { class: "group" }, h("th", { scope: "rowgroup", colspan: players.length + 1 }, row.label)),
      row.parts.map((part) =>
        h(
          "tr",
          { class: "part" },
          h("th", { scope: "row" }, part.label),
          players.map((p) => h("td", {}, figure(parts[p]?.[row.key]?.[part.key]))),
        ),
      ),
    ];
  }
  return h(
    "tr",
    {},
    h("th", { scope: "row" }, row.label),
    players.map((p) =>
      h(
        "td",
        {},
        figure(parts[p]?.[row.key]),
        row.items && parts[p]?.[row.items]?.length
          ? h(
              "ul",
              { class: "items" },
              parts[p][row.items].map((item) => h("li", {}, item.text)),
            )
          : null,
      ),
    ),
  );
}

function figure(value) {
  if (value === undefined) return "—";
  return value === null ? "none" : String(value);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Ask for the analysis until it is done: every few seconds while it runs, with a longer and
 * growing pause while the server is too busy to start it (429). */
async function waitForAnalysis(id, root) {
  let wait = 1000;
  let busy = 5000;
  for (;;) {
    try {
      const result = await api(`/api/games/${id}/analysis`);
      if (result.status === "done") return result;
      showAnalysisState(root, "running", "The server is analysing the game…");
      wait = Math.min(wait * 1.5, 5000);
      await sleep(wait);
    } catch (error) {
      if (error.status !== 429) {
        mount(root, h("h2", {}, "Analysis"), h("p", { class: "error" }, error.message));
        return null;
      }
      showAnalysisState(
        root,
        "busy",
        "The server is busy; try again later. (The page asks again by itself in a while.)",
      );
      await sleep(busy);
      busy = Math.min(busy * 2, 120_000);
    }
  }
}

function showAnalysisState(root, state, text) {
  if (root.querySelector(`[data-analysis="${state}"]`)) return;
  mount(root, h("h2", { id: "analysis-title" }, "Analysis"), h("p", { class: "muted", "data-analysis": state }, text));
}

/** The player's own seat in the rematch (the first to ask makes it; the others join it). */
function rematchButton(info, id, token) {
  const message = h("p", { class: "error", role: "alert" });
  const button = h("button", { type: "button", class: "primary" }, "Rematch");
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      const seat = await api(`/api/games/${id}/rematch`, { method: "POST", body: { token } });
      holdSeat({ game_id: seat.id, seat: seat.seat, token: seat.token, game: info.game, players: info.players });
      location.assign(gameLink(seat.id, seat.token));
    } catch (error) {
      message.textContent = error.message;
      button.disabled = false;
    }
  });
  return h(
    "div",
    { class: "stack" },
    button,
    h(
      "p",
      { class: "muted" },
      "The same game again, with the same players and settings: each player who asks gets their own seat.",
    ),
    message,
  );
}

/** The analysis: each player's chance of winning after every move (the chart: what a spectator
 * would estimate), the moves the search marked, and the mistakes with both estimates, named. */
function drawChart(root, info, analysis, ply, show) {
  const chances = analysis.chances;
  const n = chances.length - 1;
  const at = Math.min(ply, n);
  const players = chances[0].map((_, p) => p);
  const marked = analysis.moves.filter((m) => m.mark === "?" || m.mark === "??");
  const mistakes = marked.filter((m) => m.mark === "??");
  mount(
    root,
    h("h2", { id: "analysis-title" }, "Analysis"),
    h("h3", {}, "Chance of winning"),
    h(
      "p",
      { class: "legend", "data-chances": at },
      at === 0 ? "At the start: " : `After move ${at}: `,
      players.map((p) =>
        h(
          "span",
          {},
          h("span", { class: `seat seat-${seatColour(info, p)}` }, seatName(info, p)),
          ` ${pct(chances[at][p])}`,
        ),
      ),
    ),
    chartSvg(info, analysis, marked, ply, show),
    h(
      "p",
      { class: "muted" },
      "The chart's chance of winning is estimated as a spectator would: from each position, the hidden " +
        "cards are dealt again at random and the rest of the game is played out quickly, many times over. " +
        "Click the chart to see that position on the board.",
    ),
    h("h3", {}, "Mistakes"),
    h(
      "p",
      { class: "muted" },
      `The AI's search (${analysis.spec}) looked at every decision from the player's own view; its own ` +
        "estimate of a move's chance differs from the chart's. Dots on the chart: moves it judged " +
        "dubious (small) or mistakes (large).",
    ),
    mistakes.length
      ? h(
          "ul",
          { class: "mistakes", "aria-label": "Mistakes" },
          mistakes.map((m) => mistakeItem(info, chances, m, show)),
        )
      : h("p", {}, "The search found no clear mistake."),
  );
}

/** A mistake: the move and the search's choice, the search's estimates of the two, and the
 * chart's own figures for the player just before and just after the move. */
function mistakeItem(info, chances, m, show) {
  const who = seatName(info, m.player);
  return h(
    "li",
    { "data-ply": m.ply, "data-player": m.player },
    h("button", { type: "button", onclick: () => show(m.ply + 1) }, `Move ${m.ply + 1}`),
    ` ${who} played `,
    h("code", {}, m.played),
    "; the search preferred ",
    h("code", {}, m.best),
    ".",
    h(
      "span",
      { class: "figures" },
      `The search's estimate of ${who}'s chance: ${pct(m.played_win_rate)} after this move, ` +
        `${pct(m.best_win_rate)} after its choice. On the chart: `,
      h("span", { "data-chart": "before" }, pct(chances[m.ply][m.player])),
      " before → ",
      h("span", { "data-chart": "after" }, pct(chances[m.ply + 1][m.player])),
      " after.",
    ),
  );
}

/** The chart itself: a line per player, dots on the marked moves, a line at the replay's move. */
function chartSvg(info, analysis, marked, ply, show) {
  const chances = analysis.chances;
  const n = chances.length - 1;
  const W = 640;
  const H = 240;
  const M = { l: 36, r: 10, t: 10, b: 24 };
  const x = (i) => M.l + ((W - M.l - M.r) * i) / Math.max(n, 1);
  const y = (p) => M.t + (H - M.t - M.b) * (1 - p);
  const chart = svg("svg", {
    class: "chart",
    viewBox: `0 0 ${W} ${H}`,
    role: "img",
    "aria-label": "Each player's estimated chance of winning after every move",
  });
  for (const level of [0, 0.25, 0.5, 0.75, 1]) {
    chart.append(
      svg("line", { class: "grid", x1: M.l, x2: W - M.r, y1: y(level), y2: y(level) }),
      svg("text", { x: 2, y: y(level) + 4 }, `${level * 100}%`),
    );
  }
  chart.append(
    svg("line", { class: "axis", x1: M.l, x2: M.l, y1: M.t, y2: H - M.b }),
    svg("text", { x: W - 60, y: H - 6 }, `move ${n}`),
  );
  for (const p of chances[0].keys()) {
    const points = chances.map((c, i) => `${x(i).toFixed(1)},${y(c[p]).toFixed(1)}`).join(" ");
    const stroke = `var(--${seatColour(info, p)})`;
    chart.append(svg("polyline", { points, fill: "none", stroke, "stroke-width": 2.5, "data-player": p }));
  }
  for (const m of marked) {
    const after = m.ply + 1;
    const dot = {
      class: "mistake",
      cx: x(after),
      cy: y(chances[after][m.player]),
      r: m.mark === "??" ? 6 : 4,
      fill: `var(--${seatColour(info, m.player)})`,
      "data-mark": m.mark,
    };
    const words =
      `Move ${after}: ${seatName(info, m.player)} played ${m.played} (${m.mark}); the search preferred ` +
      `${m.best}. Chance on the chart: ${pct(chances[m.ply][m.player])} → ${pct(chances[after][m.player])}`;
    chart.append(svg("circle", dot, svg("title", {}, words)));
  }
  chart.append(svg("line", { class: "now", x1: x(ply), x2: x(ply), y1: M.t, y2: H - M.b }));
  chart.addEventListener("click", (event) => {
    const box = chart.getBoundingClientRect();
    const at = ((event.clientX - box.left) / box.width) * W;
    show(Math.round(((at - M.l) / (W - M.l - M.r)) * n));
  });
  return chart;
}

function pct(rate) {
  return rate === null || rate === undefined ? "?" : `${Math.round(rate * 100)}%`;
}
