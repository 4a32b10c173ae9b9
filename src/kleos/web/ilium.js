// The Ilium board, drawn from the board's coordinates (static info) and a view envelope. It
// knows no rule: the legal spaces, sites and tokens are the legal actions' targets, clicked to
// choose; tokens, majorities and every word come from the static info and the envelope. It is
// a virtual tree (vdom.js): a redraw keeps the frame's scroll and the focus.
import { byTarget, choiceProps, targetProps } from "./choices.js";
import { layout, SITE_R, SPACE_R, siteTitle, TOKEN_H, TOKEN_W } from "./ilium-layout.js";
import { term } from "./glossary.js";
import { seatBadge, seatColour, seatName } from "./ui.js";
import { draw, foreign, h } from "./vdom.js";

const ICONS = { Coins: "●", Horses: "♞", Armbands: "◎", Bottles: "⚱", Helmets: "▲" };
const ROMAN = { 1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI", 7: "VII", 8: "VIII" };
const ZOOMS = [1, 1.5, 2, 3, 4, 5];
const layouts = new WeakMap();
let zoom = 0; // an index into ZOOMS, kept across redraws and games of this page
/** @type {Parameters<typeof render> | null} the last drawing's arguments, to redraw on a zoom */
let drawn = null;

/** The board's layout, computed once per static info. */
function boardLayout(info) {
  if (!layouts.has(info))
    layouts.set(
      info,
      layout(info.data.board, (site) => site.tokens),
    );
  return layouts.get(info);
}

/** A word of the rules with its definition on hover, focus or tap (glossary.js). */
const word = (info, id, text) => foreign(`term-${id}-${text}`, () => term(info, id, text));

/** A token as a chip of its type's colour: "● Coins 3". */
function chip(info, text) {
  const t = info.data.tokens[text];
  const cls = `chip bg-${t.type.toLowerCase()}${t.offer ? " four" : ""}`;
  return h("span", { class: cls, title: text }, `${ICONS[t.type] ?? ""} ${t.type} ${t.value}`);
}

/** The paths: their lines (this turn's highlighted, closed ones faded) and their labels. */
function paths(info, env, geometry) {
  const pub = env.public;
  const lines = [];
  const labels = [];
  const spades = [];
  for (const path of info.data.board.paths) {
    const geo = geometry.paths.get(path.id);
    const usable = path.id in pub.paths;
    const cls = `path-line${usable ? "" : " closed"}${path.id === pub.current_turn?.path ? " active" : ""}`;
    lines.push(h("line", { key: path.id, class: cls, x1: geo.a.x, y1: geo.a.y, x2: geo.b.x, y2: geo.b.y }));
    const { x, y } = geometry.labels.get(path.id);
    labels.push(h("text", { key: `path-${path.id}`, class: `path-label${usable ? "" : " closed"}`, x, y }, path.id));
    if (usable) spades.push(shovelMark(path.id, geo));
  }
  return { lines, labels, spades };
}

/** A path's spaces: the groups and cubes on them, and the legal ones made clickable. */
function spaces(info, env, geometry, play) {
  return Object.entries(env.public.paths).flatMap(([pathId, occupants]) =>
    occupants.map((occupant, i) => {
      const { x, y, r } = geometry.paths.get(pathId).spaces[i];
      const key = `${pathId}:${i}`;
      const [choice] = play.targets.get(`space:${key}`) ?? [];
      const parts = [h("circle", { class: `space${i === 0 ? " shovel" : ""}`, cx: x, cy: y, r: SPACE_R })];
      if (occupant?.group !== undefined) {
        const fill = `group fill-${seatColour(info, occupant.group)}`;
        parts.push(
          h("circle", { class: fill, cx: x, cy: y, r: SPACE_R - 2 }),
          h("text", { class: "group-size", x, y }, occupant.size),
          h("title", {}, `${seatName(info, occupant.group)}: group of ${occupant.size} on ${key}`),
        );
      } else if (occupant?.cube !== undefined) {
        const fill = `cube fill-${seatColour(info, occupant.cube)}`;
        parts.push(
          h("rect", { class: fill, x: x - 9, y: y - 9, width: 18, height: 18, rx: 2 }),
          h("title", {}, `${seatName(info, occupant.cube)}: supply cube on ${key}`),
        );
      } else {
        parts.push(h("text", { class: "space-index", x, y }, i));
      }
      if (choice) parts.push(h("circle", { class: "hit", cx: x, cy: y, r }), h("title", {}, choice.label));
      const props = targetProps(play.ctx, `space:${key}`, `space-group${choice ? " legal" : ""}`);
      const clicks = choice ? choiceProps(choice, play.ctx, play.handled) : {};
      return h("g", { key, ...props, ...clicks, "data-space": key }, parts);
    }),
  );
}

/** The sites: circle, numeral, name and code, and the stock of tokens in the order taken. */
function sites(info, env, geometry, play) {
  const circles = [];
  const names = [];
  const stocks = [];
  for (const site of info.data.board.sites) {
    const { x, y } = geometry.at.get(site.id);
    const stock = env.public.sites[site.id];
    const [choice] = play.targets.get(`site:${site.id}`) ?? [];
    const tokens = stock ? `${stock.length ? stock.join(", ") : "no tokens left"}, the first taken first` : null;
    const props = targetProps(play.ctx, `site:${site.id}`, `site-group${choice ? " legal" : ""}`);
    const clicks = choice ? choiceProps(choice, play.ctx, play.handled) : {};
    circles.push(
      h(
        "g",
        { key: site.id, ...props, ...clicks, "data-site": site.id },
        h("circle", { class: `site${site.closed ? " closed" : ""}`, cx: x, cy: y, r: SITE_R }),
        h("text", { class: "site-numeral", x, y }, ROMAN[site.numeral] ?? site.numeral),
        h("title", {}, `${siteTitle(site)}: ${tokens ?? "closed in this game"}`),
      ),
    );
    const name = geometry.names.get(site.id);
    names.push(h("text", { key: `site-${site.id}`, class: "site-name", x: name.x, y: name.y }, siteTitle(site)));
    if (stock) stocks.push(stockOf(info, site.id, stock, geometry.stocks.get(site.id), play));
  }
  return { circles, names, stocks };
}

/** A site's tokens in its laid-out box, row by row, the next one taken first; the first token
 * of a type that may be chosen now is clickable. */
function stockOf(info, siteId, stock, box, play) {
  const left = box.x - box.w / 2;
  const top = box.y - box.h / 2;
  const offered = new Set();
  const tokens = stock.map((text, i) => {
    const t = info.data.tokens[text];
    const tx = left + (i % box.cols) * TOKEN_W;
    const ty = top + Math.floor(i / box.cols) * TOKEN_H;
    const key = `token:${siteId}:${t.type}`;
    const [choice] = offered.has(t.type) ? [] : (play.targets.get(key) ?? []);
    if (choice) offered.add(t.type);
    const props = targetProps(play.ctx, key, `token-group${choice ? " legal" : ""}`);
    const clicks = choice ? choiceProps(choice, play.ctx, play.handled) : {};
    const fill = `token fill-${t.type.toLowerCase()}${t.offer ? " four" : ""}`;
    return h(
      "g",
      { key: i, ...props, ...clicks, "data-token": text },
      h("rect", { class: fill, x: tx + 1, y: ty + 1, width: TOKEN_W - 2, height: TOKEN_H - 2, rx: 4 }),
      h("text", { class: "token-icon", x: tx + TOKEN_W / 2, y: ty + TOKEN_H * 0.32 }, ICONS[t.type] ?? ""),
      h("text", { class: "token-value", x: tx + TOKEN_W / 2, y: ty + TOKEN_H * 0.72 }, t.value),
      h("title", {}, text),
    );
  });
  return h("g", { key: siteId, class: "stock", "data-stock": siteId }, tokens);
}

/** The board as SVG; `play` collects the ids of the legal actions it made clickable. */
function board(info, env, play) {
  const geometry = boardLayout(info);
  const route = paths(info, env, geometry);
  const places = sites(info, env, geometry, play);
  const fit = zoom === 0;
  return h(
    "svg",
    {
      class: `ilium-board${fit ? " fit" : ""}`,
      viewBox: geometry.box.join(" "),
      role: "group",
      "aria-label": "The Ilium board",
      style: { width: `${ZOOMS[zoom] * 100}%` }, // set through the CSSOM, as the page's CSP asks
    },
    h("g", {}, route.lines),
    h("g", {}, places.circles),
    h("g", {}, route.spades, spaces(info, env, geometry, play)),
    h("g", {}, places.stocks),
    h("g", { class: "labels" }, route.labels, places.names), // on top, letting clicks through
  );
}

/** Each player's tokens (and artifacts) of each type, the majorities as the envelope marks
 * them, cubes and cards left. */
function collections(info, env) {
  const types = info.data.artifact_types;
  const pub = env.public;
  const ofType = (hand, type) => hand.tokens.map((x) => info.data.tokens[x]).filter((t) => t.type === type);
  const head = types.map((t) =>
    h(
      "th",
      { title: t },
      h("span", { class: `chip bg-${t.toLowerCase()}` }, ICONS[t] ?? "", h("span", { class: "type-name" }, ` ${t}`)),
    ),
  );
  const rows = pub.hands.map((hand, p) =>
    h(
      "tr",
      {},
      h("td", {}, seatBadge(info, p, "", h), env.viewer === p ? " (you)" : ""),
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
  const caption = "Collections by type (underlined: the most tokens of a type)";
  return h(
    "div",
    { class: "panel collections" },
    h("h3", {}, "Collections"),
    h(
      "div",
      { class: "scroll-x" },
      h(
        "table",
        { class: "collection", "aria-label": caption },
        h("thead", {}, h("tr", {}, h("th", {}, "Player"), head, h("th", {}, "Cubes"), h("th", {}, "Cards"))),
        h("tbody", {}, rows),
      ),
      h(
        "p",
        { class: "muted" },
        "Tokens (",
        word(info, "artifact", "artifacts"),
        ") of each type; underlined: the most tokens of that type (the ",
        word(info, "majority", "majority"),
        ").",
      ),
    ),
  );
}

/** This turn: the card, the path, the excavation under way, and my secrets (every seat's in
 * a replay). */
function turnInfo(info, env, ctx, play) {
  const pub = env.public;
  const turn = pub.current_turn ?? {};
  const dig = pub.excavation;
  let excavation = null;
  if (dig) {
    const second = dig.second === null ? "" : `, second ${seatName(info, dig.second)}`;
    const qualifies = dig.second !== null && !dig.second_qualifies ? " (does not qualify)" : "";
    const where = dig.site ? `; digging at ${dig.site}` : "";
    excavation = [
      word(info, "excavation", "Excavation"),
      ` of ${dig.path}: first ${seatName(info, dig.first)}${second}${qualifies}${where}`,
    ];
  }
  const secrets = ctx.replay ? (ctx.privates ?? []).map((p, seat) => [seat, p]) : [[env.viewer, env.private]];
  return h(
    "div",
    { class: "panel" },
    h("h3", {}, "This turn"),
    // My secrets first, where a glance finds them (in a replay: every seat's).
    secrets
      .filter(([seat, secret]) => seat !== null && secret?.historian)
      .map(([seat, secret]) => secretPanel(info, seat, secret, ctx.replay)),
    turn.card ? h("div", { class: "row" }, "Card this turn:", h("span", { class: "card-face" }, turn.card)) : null,
    turn.path ? h("p", {}, `Path this turn: ${turn.path}`) : null,
    env.viewer === null || ctx.replay ? null : hand(pub.hands[env.viewer], ctx, play),
    excavation ? h("p", {}, excavation) : null,
    h(
      "p",
      { class: "muted" },
      word(info, "value-4-token", `Value-${info.data.offer_value} tokens`),
      ` left on the sites: ${pub.fours_on_sites}`,
    ),
    pub.removed_tokens.length
      ? h(
          "p",
          {},
          "Out of the game: ",
          pub.removed_tokens.map((t) => chip(info, t)),
        )
      : null,
  );
}

/** My Assignment cards by value, each one a button when it may be played now. */
function hand(mine, ctx, play) {
  const cards = Object.entries(mine.deck).map(([value, count]) => {
    const key = `card:${value}`;
    const [choice] = play.targets.get(key) ?? [];
    const props = targetProps(ctx, key, `card-face small${choice ? " legal" : ""}`);
    const face = [h("strong", {}, value), h("span", { class: "muted" }, ` ×${count}`)];
    if (!choice) return h("span", { key, ...props, title: `${count} card(s) of ${value}` }, face);
    play.handled.add(choice.id);
    const attrs = { type: "button", "data-action": choice.text, "aria-label": choice.label };
    return h("button", { key, ...props, ...attrs, onclick: () => ctx.choose(choice.id) }, face);
  });
  return h("div", { class: "row hand", "aria-label": "My cards" }, "My cards:", cards);
}

function secretPanel(info, seat, secret, replay) {
  const historian = secret.historian;
  const chipOf = h("span", { class: `chip bg-${historian.toLowerCase()}` }, `${ICONS[historian] ?? ""} ${historian}`);
  return h(
    "div",
    { key: seat, class: "secret", "data-secret": "historian" },
    h("strong", {}, replay ? `${seatName(info, seat)}'s secrets` : "Only you see this"),
    h("div", {}, word(info, "historian", "Historian"), ": ", chipOf),
    secret.top_card === undefined || secret.top_card === null
      ? null
      : h("div", {}, "Next card: ", h("strong", {}, secret.top_card)),
  );
}

/** Zoom out, fit and in: the board keeps its place in the page; its frame scrolls. */
function zoomBar() {
  const set = (index) => {
    zoom = Math.max(0, Math.min(ZOOMS.length - 1, index));
    if (drawn) render(...drawn);
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
 * returns the legal action ids made clickable.
 * @param {Element} root
 * @param {any} info the game's static info
 * @param {import("./choices.js").BoardEnvelope} env
 * @param {import("./choices.js").Ctx} ctx
 */
export function render(root, info, env, ctx) {
  drawn = [root, info, env, ctx];
  const play = { targets: byTarget(env, ctx.replay), ctx, handled: new Set() };
  const turn = turnInfo(info, env, ctx, play);
  if (ctx.aside) draw(ctx.aside, turn);
  draw(
    root,
    h("div", { class: "board-frame" }, zoomBar(), h("div", { class: "board-scroll" }, board(info, env, play))),
    h("div", { class: "ilium-info" }, ctx.aside ? null : turn, collections(info, env)),
    ctx.replay ? null : h("p", { class: "muted" }, "Green spaces, sites and tokens are yours to choose."),
    h(
      "ul",
      { class: "muted board-notes" },
      info.data.board_notes.map((n) => h("li", {}, n)),
    ),
  );
  return play.handled;
}

/** What the decision asks, for a new player (the static info's words). */
export function explain(info, env) {
  return info.data.decision_help[env.decision?.kind] ?? null;
}

/** The shovel end of a path: a small spade between its site and space 0. */
function shovelMark(key, geo) {
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
  return h("path", { key: `spade-${key}`, class: "shovel-mark", d });
}
