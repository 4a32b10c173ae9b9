// A finished game: the result, a move-by-move replay (every seat's secrets shown, since the
// game is over) and the analysis chart of each player's win chance, computed on the server.
import { api, gameLink, holdSeat } from "./api.js";
import { rulesLink } from "./glossary.js";
import { breakdown, logItem } from "./story.js";
import { h, mount, seatColour, seatName, svg } from "./ui.js";

export async function showFinished(main, info, env, board, token = null) {
  document.title = `${info.title} (finished) — Kleos`;
  const id = env.id;
  const log = await api(`/api/games/${id}/log`);
  const plies = log.length;
  const cache = new Map();
  const boardRoot = h("div", { class: "board" });
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
  boardRoot.addEventListener("keydown", (event) => {
    if (event.key === "ArrowLeft") show(ply - 1);
    if (event.key === "ArrowRight") show(ply + 1);
  });

  const fullLog = h(
    "ol",
    { class: "log", "aria-label": "Every move" },
    log.map((m) => logItem(info, m)),
  );
  mount(
    main,
    h("h1", {}, `${info.title}, ${info.players} players — finished`),
    h("p", { class: "rules-line" }, rulesLink(info)),
    h(
      "div",
      { class: "game" },
      h(
        "div",
        { class: "stack" },
        breakdown(info, env.outcome),
        h(
          "section",
          { class: "panel", "aria-labelledby": "replay-title" },
          h("h2", { id: "replay-title" }, "Replay"),
          controls,
          moveRoot,
        ),
        boardRoot,
        chartRoot,
      ),
      h(
        "div",
        { class: "side" },
        h("section", { class: "panel" }, h("h2", {}, "Log"), fullLog),
        h("a", { href: `/api/games/${id}/record`, download: `${info.game}-${id}.jsonl` }, "Download the record"),
        token && env.viewer !== null ? rematchButton(info, id, token) : null,
      ),
    ),
  );
  await show(plies);
  analysis = await waitForAnalysis(id, chartRoot);
  if (analysis) drawChart(chartRoot, info, analysis, ply, show);
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

/** Each player's estimated win chance after every move, mistakes marked; click to jump there. */
function drawChart(root, info, analysis, ply, show) {
  const chances = analysis.chances;
  const n = chances.length - 1;
  const W = 640;
  const H = 240;
  const M = { l: 36, r: 10, t: 10, b: 24 };
  const x = (i) => M.l + ((W - M.l - M.r) * i) / Math.max(n, 1);
  const y = (p) => M.t + (H - M.t - M.b) * (1 - p);
  const players = chances[0].map((_, p) => p);
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
  for (const p of players) {
    const points = chances.map((c, i) => `${x(i).toFixed(1)},${y(c[p]).toFixed(1)}`).join(" ");
    chart.append(
      svg("polyline", {
        points,
        fill: "none",
        stroke: `var(--${seatColour(info, p)})`,
        "stroke-width": 2.5,
        "data-player": p,
      }),
    );
  }
  const marked = analysis.moves.filter((m) => m.mark === "?" || m.mark === "??");
  for (const m of marked) {
    const after = m.ply + 1;
    chart.append(
      svg(
        "circle",
        {
          class: "mistake",
          cx: x(after),
          cy: y(chances[after][m.player]),
          r: m.mark === "??" ? 6 : 4,
          fill: `var(--${seatColour(info, m.player)})`,
          "data-mark": m.mark,
        },
        svg(
          "title",
          {},
          `Move ${after}: ${seatName(info, m.player)} played ${m.played} (${m.mark}); the search preferred ${m.best}`,
        ),
      ),
    );
  }
  chart.append(svg("line", { class: "now", x1: x(ply), x2: x(ply), y1: M.t, y2: H - M.b }));
  chart.addEventListener("click", (event) => {
    const box = chart.getBoundingClientRect();
    const at = ((event.clientX - box.left) / box.width) * W;
    show(Math.round(((at - M.l) / (W - M.l - M.r)) * n));
  });
  const mistakes = marked.filter((m) => m.mark === "??");
  mount(
    root,
    h("h2", { id: "analysis-title" }, "Analysis"),
    h(
      "div",
      { class: "legend" },
      players.map((p) =>
        h(
          "span",
          {},
          h("span", { class: `seat seat-${seatColour(info, p)}` }, seatName(info, p)),
          ` ${Math.round(chances[Math.min(ply, n)][p] * 100)}%`,
        ),
      ),
    ),
    chart,
    h(
      "p",
      { class: "muted" },
      "Win chances as a spectator would estimate them (hidden cards resampled, games played out). " +
        "Dots: moves the search judged dubious (small) or mistakes (large). Click the chart to jump there.",
    ),
    mistakes.length
      ? h(
          "ul",
          { class: "mistakes", "aria-label": "Mistakes" },
          mistakes.map((m) =>
            h(
              "li",
              {},
              h("button", { type: "button", onclick: () => show(m.ply + 1) }, `Move ${m.ply + 1}`),
              ` ${seatName(info, m.player)} played ${m.played}; better: ${m.best} ` +
                `(win rate ${pct(m.played_win_rate)} → ${pct(m.best_win_rate)})`,
            ),
          ),
        )
      : h("p", {}, "The search found no clear mistake."),
  );
}

function pct(rate) {
  return rate === null || rate === undefined ? "?" : `${Math.round(rate * 100)}%`;
}
