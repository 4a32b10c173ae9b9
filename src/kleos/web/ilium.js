// The Ilium board, drawn from the board's coordinates (static info) and a view envelope. It
// knows no rule: the legal spaces, sites and tokens are the legal actions' targets, clicked to
// choose; tokens, majorities and every word come from the static info and the envelope.
import { byTarget, clickable } from "./choices.js";
import { layout, SITE_R, SPACE_R, siteTitle, TOKEN_H, TOKEN_W } from "./ilium-layout.js";
import { h, mount, seatColour, seatName, svg } from "./ui.js";

const ICONS = { Coins: "●", Horses: "♞", Armbands: "◎", Bottles: "⚱", Helmets: "▲" };
const ROMAN = { 1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI", 7: "VII", 8: "VIII" };
const ZOOMS = [1, 1.5, 2, 3, 4, 5];
const layouts = new WeakMap();
let zoom = 0; // an index into ZOOMS, kept across redraws and games of this page

/** The board's layout, computed once per static info. */
function boardLayout(info) {
  if (!layouts.has(info))
    layouts.set(
      info,
      layout(info.data.board, (site) => site.tokens),
    );
  return layouts.get(info);
}

/** A token as a chip of its type's colour: "● Coins 3". */
function chip(info, text) {
  const t = info.data.tokens[text];
  return h(
    "span",
    { class: `chip bg-${t.type.toLowerCase()}${t.offer ? " four" : ""}`, title: text },
    `${ICONS[t.type] ?? ""} ${t.type} ${t.value}`,
  );
}

/** The paths: their lines (this turn's highlighted, closed ones faded) and their labels. */
function drawPaths(info, env, geometry, layers) {
  const pub = env.public;
  for (const path of info.data.board.paths) {
    const geo = geometry.paths.get(path.id);
    const usable = path.id in pub.paths;
    const active = path.id === pub.current_turn?.path;
    const cls = `path-line${usable ? "" : " closed"}${active ? " active" : ""}`;
    layers.paths.append(svg("line", { class: cls, x1: geo.a.x, y1: geo.a.y, x2: geo.b.x, y2: geo.b.y }));
    const label = geometry.labels.get(path.id);
    layers.labels.append(
      svg("text", { class: `path-label${usable ? "" : " closed"}`, x: label.x, y: label.y }, path.id),
    );
    if (usable) layers.spaces.append(shovelMark(geo));
  }
}

/** A path's spaces: the groups and cubes on them, and the legal ones made clickable. */
function drawSpaces(info, env, geometry, layers, play) {
  for (const [pathId, spaces] of Object.entries(env.public.paths)) {
    const geo = geometry.paths.get(pathId);
    spaces.forEach((occupant, i) => {
      const { x, y, r } = geo.spaces[i];
      const key = `${pathId}:${i}`;
      const g = svg("g", { class: "space-group", "data-space": key, "data-target": `space:${key}` });
      g.append(svg("circle", { class: `space${i === 0 ? " shovel" : ""}`, cx: x, cy: y, r: SPACE_R }));
      if (occupant?.group !== undefined) {
        const who = seatName(info, occupant.group);
        g.append(
          svg("circle", { class: `group fill-${seatColour(info, occupant.group)}`, cx: x, cy: y, r: SPACE_R - 2 }),
          svg("text", { class: "group-size", x, y }, occupant.size),
          svg("title", {}, `${who}: group of ${occupant.size} on ${key}`),
        );
      } else if (occupant?.cube !== undefined) {
        const fill = `cube fill-${seatColour(info, occupant.cube)}`;
        g.append(
          svg("rect", { class: fill, x: x - 9, y: y - 9, width: 18, height: 18, rx: 2 }),
          svg("title", {}, `${seatName(info, occupant.cube)}: supply cube on ${key}`),
        );
      } else {
        g.append(svg("text", { class: "space-index", x, y }, i));
      }
      const [choice] = play.targets.get(`space:${key}`) ?? [];
      if (choice) {
        // A finger-sized target around the space, as large as the path leaves room for.
        g.append(svg("circle", { class: "hit", cx: x, cy: y, r }), svg("title", {}, choice.label));
        clickable(g, choice, play.ctx, play.handled);
      }
      layers.spaces.append(g);
    });
  }
}

/** The sites: circle, numeral, name and code, and the stock of tokens in the order taken. */
function drawSites(info, env, geometry, layers, play) {
  for (const site of info.data.board.sites) {
    const { x, y } = geometry.at.get(site.id);
    const stock = env.public.sites[site.id];
    const g = svg("g", { class: "site-group", "data-site": site.id, "data-target": `site:${site.id}` });
    const circle = svg("circle", { class: `site${site.closed ? " closed" : ""}`, cx: x, cy: y, r: SITE_R });
    g.append(circle, svg("text", { class: "site-numeral", x, y }, ROMAN[site.numeral] ?? site.numeral));
    const name = geometry.names.get(site.id);
    layers.labels.append(svg("text", { class: "site-name", x: name.x, y: name.y }, siteTitle(site)));
    const tokens = stock ? `${stock.length ? stock.join(", ") : "no tokens left"}, the first taken first` : null;
    g.append(svg("title", {}, `${siteTitle(site)}: ${tokens ?? "closed in this game"}`));
    if (stock) layers.stocks.append(drawStock(info, site.id, stock, geometry.stocks.get(site.id), play));
    const [choice] = play.targets.get(`site:${site.id}`) ?? [];
    if (choice) clickable(g, choice, play.ctx, play.handled);
    layers.sites.append(g);
  }
}

/** A site's tokens in its laid-out box, row by row, the next one taken first; a token whose
 * type may be chosen now is clickable. */
function drawStock(info, siteId, stock, box, play) {
  const g = svg("g", { class: "stock", "data-stock": siteId });
  const left = box.x - box.w / 2;
  const top = box.y - box.h / 2;
  const offered = new Set();
  stock.forEach((text, i) => {
    const t = info.data.tokens[text];
    const tx = left + (i % box.cols) * TOKEN_W;
    const ty = top + Math.floor(i / box.cols) * TOKEN_H;
    const token = svg(
      "g",
      { class: "token-group", "data-token": text, "data-target": `token:${siteId}:${t.type}` },
      svg("rect", {
        class: `token fill-${t.type.toLowerCase()}${t.offer ? " four" : ""}`,
        x: tx + 1,
        y: ty + 1,
        width: TOKEN_W - 2,
        height: TOKEN_H - 2,
        rx: 4,
      }),
      svg("text", { class: "token-icon", x: tx + TOKEN_W / 2, y: ty + 10 }, ICONS[t.type] ?? ""),
      svg("text", { class: "token-value", x: tx + TOKEN_W / 2, y: ty + 23 }, t.value),
      svg("title", {}, text),
    );
    const [choice] = offered.has(t.type) ? [] : (play.targets.get(`token:${siteId}:${t.type}`) ?? []);
    if (choice) {
      offered.add(t.type);
      clickable(token, choice, play.ctx, play.handled);
    }
    g.append(token);
  });
  return g;
}

/** The board as SVG; `play` collects the ids of the legal actions it made clickable. */
function drawBoard(info, env, play) {
  const geometry = boardLayout(info);
  const layers = {
    paths: svg("g", {}),
    sites: svg("g", {}),
    spaces: svg("g", {}),
    stocks: svg("g", {}),
    labels: svg("g", { class: "labels" }), // on top, but letting clicks through
  };
  drawPaths(info, env, geometry, layers);
  drawSpaces(info, env, geometry, layers, play);
  drawSites(info, env, geometry, layers, play);
  const attrs = {
    class: "ilium-board",
    viewBox: geometry.box.join(" "),
    role: "group",
    "aria-label": "The Ilium board",
  };
  const board = svg("svg", attrs, Object.values(layers));
  sizeBoard(board);
  return board;
}

/** Each player's tokens (and artifacts) of each type, the majorities as the envelope marks
 * them, cubes and cards left. */
function collections(info, env) {
  const types = info.data.artifact_types;
  const pub = env.public;
  const ofType = (hand, type) => hand.tokens.map((x) => info.data.tokens[x]).filter((t) => t.type === type);
  const head = types.map((t) =>
    h("th", {}, h("span", { class: `chip bg-${t.toLowerCase()}` }, `${ICONS[t] ?? ""} ${t}`)),
  );
  const rows = pub.hands.map((hand, p) =>
    h(
      "tr",
      {},
      h(
        "td",
        {},
        h("span", { class: `seat seat-${seatColour(info, p)}` }, seatName(info, p)),
        env.viewer === p ? " (you)" : "",
      ),
      types.map((type) => {
        const held = ofType(hand, type);
        const artifacts = held.reduce((sum, t) => sum + t.value, 0);
        const major = pub.majorities[type].includes(p);
        const title = `${held.length} token(s), ${artifacts} artifact(s)${major ? " — the most tokens" : ""}`;
        return h("td", { class: major ? "major" : "", title }, `${held.length} (${artifacts})`);
      }),
      h("td", {}, hand.cubes),
      h("td", {}, env.seats[p].cards_left),
    ),
  );
  return h(
    "div",
    { class: "scroll-x" },
    h(
      "table",
      { class: "collection", "aria-label": "Collections by type (underlined: the most tokens of a type)" },
      h("thead", {}, h("tr", {}, h("th", {}, "Player"), head, h("th", {}, "Cubes"), h("th", {}, "Cards"))),
      h("tbody", {}, rows),
    ),
    h("p", { class: "muted" }, "Tokens (artifacts) of each type; underlined: the most tokens of that type."),
  );
}

/** This turn: the card, the path, the excavation under way, and my secrets (every seat's in
 * a replay). */
function turnInfo(info, env, ctx) {
  const pub = env.public;
  const turn = pub.current_turn ?? {};
  const parts = [];
  if (turn.card)
    parts.push(h("div", { class: "row" }, "Card this turn:", h("span", { class: "card-face" }, turn.card)));
  if (turn.path) parts.push(h("p", {}, `Path this turn: ${turn.path}`));
  const dig = pub.excavation;
  if (dig) {
    const second = dig.second === null ? "" : `, second ${seatName(info, dig.second)}`;
    const qualifies = dig.second !== null && !dig.second_qualifies ? " (does not qualify)" : "";
    const where = dig.site ? `; digging at ${dig.site}` : "";
    parts.push(
      h("p", {}, `Excavation of ${dig.path}: first ${seatName(info, dig.first)}${second}${qualifies}${where}`),
    );
  }
  parts.push(
    h("p", { class: "muted" }, `Value-${info.data.offer_value} tokens left on the sites: ${pub.fours_on_sites}`),
  );
  if (pub.removed_tokens.length)
    parts.push(
      h(
        "p",
        {},
        "Out of the game: ",
        pub.removed_tokens.map((t) => chip(info, t)),
      ),
    );
  const secrets = ctx.replay ? (ctx.privates ?? []).map((p, seat) => [seat, p]) : [[env.viewer, env.private]];
  for (const [seat, secret] of secrets) {
    if (seat !== null && secret?.historian) parts.push(secretPanel(info, seat, secret, ctx.replay));
  }
  return h("div", { class: "panel" }, h("h3", {}, "This turn"), parts);
}

function secretPanel(info, seat, secret, replay) {
  const historian = secret.historian;
  return h(
    "div",
    { class: "secret", "data-secret": "historian" },
    h("strong", {}, replay ? `${seatName(info, seat)}'s secrets` : "Only you see this"),
    h(
      "div",
      {},
      "Historian: ",
      h("span", { class: `chip bg-${historian.toLowerCase()}` }, `${ICONS[historian] ?? ""} ${historian}`),
    ),
    secret.top_card === undefined || secret.top_card === null
      ? null
      : h("div", {}, "Next card: ", h("strong", {}, secret.top_card)),
  );
}

/** The board at the zoom chosen: fitted (to the width, and to the window's height) or wider. */
function sizeBoard(board) {
  board.style.width = `${ZOOMS[zoom] * 100}%`; // through the CSSOM: the page's CSP bars style attributes
  board.classList.toggle("fit", zoom === 0);
}

/** Zoom out, fit and in: the board keeps its place in the page; its frame scrolls. */
function zoomBar(frame) {
  const set = (index) => {
    zoom = Math.max(0, Math.min(ZOOMS.length - 1, index));
    const board = frame.querySelector(".ilium-board");
    if (board instanceof SVGElement) sizeBoard(board);
  };
  const button = (text, label, to) =>
    h("button", { type: "button", class: "zoom", "aria-label": label, title: label, onclick: () => set(to()) }, text);
  return h(
    "div",
    { class: "zoom-bar", role: "group", "aria-label": "Zoom" },
    button("−", "Zoom out", () => zoom - 1),
    button("Fit", "Fit the board to the width", () => 0),
    button("+", "Zoom in", () => zoom + 1),
  );
}

/** Draw the board and its panels into `root` (the turn's panel into `ctx.aside` if given);
 * returns the legal action ids made clickable. The board's frame stays from one redraw to the
 * next, so its scroll position does too. */
export function render(root, info, env, ctx) {
  const play = { targets: byTarget(env, ctx.replay), ctx, handled: new Set() };
  let frame = root.querySelector(":scope > .board-frame");
  let scroll = frame?.querySelector(".board-scroll");
  let panels = root.querySelector(":scope > .ilium-info");
  if (!frame || !scroll || !panels) {
    scroll = h("div", { class: "board-scroll" });
    frame = h("div", { class: "board-frame" }, scroll);
    frame.prepend(zoomBar(frame));
    panels = h("div", { class: "ilium-info" });
    const notes = h(
      "ul",
      { class: "muted board-notes" },
      info.data.board_notes.map((n) => h("li", {}, n)),
    );
    mount(
      root,
      frame,
      panels,
      h("p", { class: "muted" }, "Green spaces, sites and tokens are yours to choose."),
      notes,
    );
  }
  scroll.replaceChildren(drawBoard(info, env, play));
  // This turn and my secrets go beside the board when the page gives them a place there.
  const turn = turnInfo(info, env, ctx);
  if (ctx.aside) mount(ctx.aside, turn);
  const collection = h("div", { class: "panel collections" }, h("h3", {}, "Collections"), collections(info, env));
  mount(panels, ctx.aside ? null : turn, collection);
  return play.handled;
}

/** What the decision asks, for a new player (the static info's words). */
export function explain(info, env) {
  return info.data.decision_help[env.decision?.kind] ?? null;
}

/** The shovel end of a path: a small spade between its site and space 0. */
function shovelMark(geo) {
  const { ux, uy } = geo;
  const sx = geo.a.x + ux * (SITE_R + 2);
  const sy = geo.a.y + uy * (SITE_R + 2);
  const steps = [
    [-uy * 6, ux * 6],
    [ux * 9, uy * 9],
    [uy * 12, -ux * 12],
    [-ux * 9, -uy * 9],
  ];
  const d = `M ${sx} ${sy} ${steps.map(([dx, dy]) => `l ${dx.toFixed(1)} ${dy.toFixed(1)}`).join(" ")} z`;
  return svg("path", { class: "shovel-mark", d });
}
