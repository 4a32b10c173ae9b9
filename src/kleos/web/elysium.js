// The Elysium table: the Temple, the Agora and the Oracle, every player's Domain and Elysium.
// It holds no rules: it draws the static info and the envelope, finds what each legal action is
// played on by its target, and hands back the id of the one clicked. It is a virtual tree
// (vdom.js): a redraw keeps the focus and the scroll.

import { byTarget, targetProps } from "./choices.js";
import { term } from "./glossary.js";
import { seatBadge as badge, seatName, title } from "./ui.js";
import { draw, foreign, h } from "./vdom.js";

const seatBadge = (info, seat, extra = "") => badge(info, seat, extra, h);

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
/** A word of the rules with its definition on hover, focus or tap (glossary.js). */
const word = (info, id, text) => foreign(`term-${id}-${text}`, () => term(info, id, text));

/** What one drawing of the table shares: the static data, the choices by target, the costs. */
class Table {
  constructor(info, env, ctx) {
    this.info = info;
    this.data = info.data;
    this.env = env;
    this.pub = env.public;
    this.ctx = ctx;
    this.cards = new Map(info.data.cards.map((c) => [c.id, c]));
    this.families = new Map(info.data.families.map((f) => [f.id, f]));
    this.costs = this.pub.transfer_costs ?? {};
    this.targets = byTarget(env, ctx.replay);
    /** @type {Set<number>} */
    this.made = new Set();
  }

  familyName(id) {
    return this.families.get(id)?.name ?? title(id);
  }

  /** A button making a choice; its accessible name is the full label, with the cost. */
  pick(choice, cls, ...content) {
    return this.button(choice, { class: cls }, ...content);
  }

  /** The button of a choice with `props` (its class, its target); its name says the cost. */
  button(choice, props, ...content) {
    this.made.add(choice.id);
    const cost = this.costs[choice.text];
    const label = cost === undefined ? choice.label : `${choice.label} (costs ${cost} gold)`;
    const attrs = { ...props, type: "button", "data-action": choice.text, "aria-label": label, title: label };
    return h("button", { key: choice.id, ...attrs, onclick: () => this.ctx.choose(choice.id) }, ...content);
  }

  /** The short buttons of an element's choices; transfers after a heading, with their cost. */
  smallButtons(choices) {
    if (!choices.length) return null;
    const transfer = (c) => c.text in this.costs;
    const button = (c) => {
      const cost = this.costs[c.text];
      return this.pick(c, "ely-act", cost === undefined ? c.short : `${c.short} · ${cost} gold`);
    };
    const transfers = choices.filter(transfer);
    return h(
      "span",
      { class: "ely-acts" },
      choices.filter((c) => !transfer(c)).map(button),
      transfers.length ? h("span", { class: "ely-acts-title" }, "Transfer to:") : null,
      transfers.map(button),
    );
  }

  /** `body` as one big button when a single choice (not a transfer) names it, else with small
   * buttons for its choices. */
  actionable(key, cls, body, tag = "div") {
    const choices = this.targets.get(key) ?? [];
    if (choices.length === 1 && !(choices[0].text in this.costs)) {
      const props = targetProps(this.ctx, key, `${cls} ely-pickable`);
      return this.button(choices[0], { ...props, key }, body, h("span", { class: "ely-cta" }, choices[0].short));
    }
    const props = targetProps(this.ctx, key, cls + (choices.length ? " ely-pickable" : ""));
    return h(tag, { ...props, key }, body, this.smallButtons(choices));
  }

  dot(colour) {
    const mark = this.data.column_marks[colour] ?? "";
    return h("span", { class: `ely-dot ely-col-${colour}`, "aria-hidden": "true" }, mark);
  }

  condition(colours) {
    const needs = `needs ${colours.map((c) => this.data.column_words[c] ?? c).join(" + ")}`;
    return h(
      "span",
      { class: "ely-cond", title: needs },
      colours.map((c) => this.dot(c)),
      h("span", { class: "ely-sr" }, needs),
    );
  }

  /** A card face; `notes` say the state of its power in a Domain (the envelope's words). */
  cardFace(id, notes = []) {
    const c = this.cards.get(id);
    if (!c) return h("span", { class: "ely-card-body" }, id);
    const power = [title(c.power), c.window && `window: ${c.window}`, c.hook?.replaceAll("_", " ")];
    return h(
      "span",
      { class: "ely-card-body", title: c.full_text },
      h(
        "span",
        { class: "ely-card-head" },
        h("span", { class: "ely-lvl", title: `level ${c.level}` }, `L${c.level}`),
        h("span", { class: "ely-name" }, c.name),
        h("span", { class: "ely-fam" }, this.familyName(c.family)),
      ),
      h("span", { class: "ely-card-line" }, this.condition(c.condition), h("span", { class: "ely-id" }, c.id)),
      h("span", { class: "ely-power", title: this.data.power_kinds[c.power] ?? "" }, power.filter(Boolean).join(" · ")),
      h("span", { class: "ely-text" }, c.text),
      notes.map((n) => h("span", { class: "ely-flag" }, n)),
    );
  }

  card(id, { state = null, could = false } = {}) {
    const fam = this.cards.get(id)?.family ?? "none";
    const cls = `ely-card ely-fam-${fam}${state?.turned ? " ely-turned" : ""}${could ? " ely-could" : ""}`;
    return this.actionable(`card:${id}`, cls, this.cardFace(id, state?.notes ?? []));
  }

  mini(id) {
    const c = this.cards.get(id);
    return h(
      "span",
      { class: `ely-mini ely-fam-${c?.family ?? "none"}`, title: c?.full_text ?? id },
      c ? `L${c.level} ${c.name}` : id,
      h("span", { class: "ely-id" }, ` ${this.familyName(c?.family ?? "")}`),
    );
  }
}

const section = (name, cls, ...children) =>
  h("section", { class: `ely-section ${cls}`, "aria-label": name }, h("h3", { class: "ely-h" }, name), ...children);

/** The status line: epoch, phase, the Writing step under way, who decides, the turn order. */
function statusLine(t) {
  const { info, env, pub } = t;
  const current = env.current_player;
  const chip = (cls, ...content) => h("span", { class: `ely-chip${cls}` }, ...content);
  const writing = [
    `${seatName(info, pub.writer)}'s `,
    word(info, "writing-step", "Writing step"),
    `: ${plural(pub.allowance, "transfer")} left`,
  ];
  const deciding =
    current === env.viewer && !t.ctx.replay
      ? chip(" ely-hot", "Your decision")
      : chip("", t.ctx.replay ? "To play: " : "Waiting for ", seatBadge(info, current));
  return h(
    "div",
    { class: "ely-status" },
    chip("", word(info, "epoch", "Epoch"), ` ${pub.epoch} of ${t.data.limits.epochs}`),
    chip("", t.data.phases[pub.phase] ?? title(pub.phase)),
    pub.writer === null ? null : chip(" ely-hot", writing),
    current === null ? null : deciding,
    chip(
      "",
      "Order: ",
      pub.order.map((p, i) => [i ? " → " : "", seatName(info, p)]),
    ),
    env.decision?.prompt ? h("span", { class: "ely-prompt" }, env.decision.prompt) : null,
  );
}

/** The Temple: the Pediment's colours over the Quests, the bonus tiles, the draw pile. */
function temple(t) {
  const { info, pub, data } = t;
  const side = data.pediments[pub.pediment] ?? [];
  const quests = data.quests.map((q) => {
    const inTemple = pub.temple.includes(q.id);
    const holder = pub.players_state.findIndex((ps) => ps.quest === q.id);
    const colour = side[q.number - 1];
    const body = h(
      "span",
      { class: "ely-quest-body" },
      h("span", { class: `ely-pediment ely-col-${colour}` }, title(colour)),
      h("strong", {}, q.id),
      h("span", {}, [q.vp ? `${q.vp} VP · ` : "", `${q.gold} gold · ${q.lyres} transfers`]),
      inTemple
        ? null
        : h("span", { class: "ely-muted" }, holder >= 0 ? ["taken by ", seatName(info, holder)] : "taken"),
    );
    return t.actionable(`quest:${q.id}`, `ely-quest${inTemple ? "" : " ely-gone"}`, body);
  });
  const tiles = [];
  for (const fam of pub.families) {
    const holders = pub.family_tiles[fam] ?? [];
    const ranks = Object.values(data.family_bonus_vp).map(
      (vp, i) => `${vp} VP ${holders[i] === undefined ? "free" : seatName(info, holders[i])}`,
    );
    const cls = `ely-tile ely-fam-${fam}${holders.length ? " ely-held" : ""}`;
    tiles.push(h("span", { class: cls }, `${t.familyName(fam)}: ${ranks.join(", ")}`));
  }
  for (const [level, holder] of Object.entries(pub.level_tiles)) {
    const who = holder === null ? "free" : seatName(info, holder);
    const text = `Level ${level} ${data.level_bonus_vp[level]} VP: `;
    tiles.push(h("span", { class: `ely-tile${holder === null ? "" : " ely-held"}` }, text, who));
  }
  return section(
    `Temple · Pediment side ${pub.pediment}`,
    "ely-temple",
    h("div", { class: "ely-quests" }, quests),
    h(
      "div",
      { class: "ely-tiles", "aria-label": "bonus tiles" },
      h("span", { class: "ely-muted" }, "Bonus tiles:"),
      tiles,
    ),
    t.actionable("draw", "ely-pile", h("span", {}, `Draw pile: ${pub.draw_pile} cards`)),
  );
}

/** The Agora, and the Oracle when this game has one; the cards I could take are outlined. */
function market(t) {
  const { env, pub } = t;
  const mine = env.viewer === null ? null : pub.players_state[env.viewer];
  const could = new Set(env.current_player === env.viewer ? [] : (mine?.can_take.cards ?? []));
  const row = (ids) =>
    h(
      "div",
      { class: "ely-cards" },
      ids.map((id) => t.card(id, { could: could.has(id) })),
    );
  const note = "Dashed outline: cards you could take on your turn.";
  return [
    section(
      `Agora (${pub.agora.length})`,
      "ely-agora",
      row(pub.agora),
      could.size ? h("p", { class: "ely-muted ely-note" }, note) : null,
    ),
    pub.oracle === null ? null : section(`Oracle (${pub.oracle.length})`, "ely-oracle", row(pub.oracle)),
  ];
}

/** The bonus tiles a player holds, in words. */
function heldTiles(t, p) {
  const { pub, data } = t;
  const held = [];
  for (const [fam, holders] of Object.entries(pub.family_tiles)) {
    const i = holders.indexOf(p);
    if (i >= 0) held.push(`${t.familyName(fam)} family tile (${data.family_bonus_vp[i + 1]} VP)`);
  }
  for (const [level, holder] of Object.entries(pub.level_tiles)) {
    if (holder === p) held.push(`Level ${level} tile (${data.level_bonus_vp[level]} VP)`);
  }
  return held;
}

/** A player's Domain: its cards with their powers' state, and its Citizens face down. */
function domain(t, p) {
  const ps = t.pub.players_state[p];
  const cards = ps.domain.map((d) => t.card(d.card, { state: d }));
  if (ps.citizens.length) {
    const text = t.data.citizen_note;
    const body = h(
      "span",
      { class: "ely-card-body" },
      h("span", { class: "ely-card-head" }, h("span", { class: "ely-name" }, `Citizens × ${ps.citizens.length}`)),
      h("span", { class: "ely-text" }, text),
      h("span", { class: "ely-id" }, ps.citizens.map((c) => `#${c}`).join(" ")),
    );
    cards.push(t.actionable(`citizen:${p}`, "ely-card ely-citizen", body));
  }
  return cards;
}

/** A player's Elysium: each Legend with its type and forecast. */
function legends(t, p) {
  return t.pub.players_state[p].elysium.map((lg, i) =>
    h(
      "div",
      { class: `ely-legend${lg.family ? ` ely-fam-${lg.family}` : ""}` },
      h(
        "div",
        { class: "ely-legend-head" },
        h("strong", {}, `Legend ${i + 1}`),
        ` · ${lg.title}`,
        h(
          "span",
          { class: "ely-vp", title: "forecast: Legends score at the end of the game" },
          `${lg.forecast_vp} VP forecast`,
        ),
      ),
      h(
        "div",
        { class: "ely-legend-cards" },
        lg.cards.map((id) => t.mini(id)),
        lg.citizens.map((c) => h("span", { class: "ely-mini ely-citizen" }, `Citizen #${c.citizen} as L${c.level}`)),
      ),
    ),
  );
}

/** A player's header: badge, disc, state, figures, Quest and takes, and choices on the seat. */
function playerHead(t, p) {
  const { info, env, pub, data } = t;
  const ps = pub.players_state[p];
  const seat = env.seats[p];
  const figures = data.figures.filter((f) => f.key in seat).map((f) => `${seat[f.key]} ${f.label}`);
  const quest =
    ps.quest === null ? "no Quest yet" : ps.quest === "incomplete" ? "Incomplete Quest" : `Quest ${ps.quest}`;
  const takes = ` · cards taken this epoch ${ps.card_takes}/${data.limits.cards_per_epoch}`;
  return h(
    "header",
    targetProps(t.ctx, `seat:${p}`, "ely-player-head"),
    seatBadge(info, p, p === env.viewer ? " (you)" : ""),
    h("span", { class: "ely-chip" }, word(info, "disc", "disc"), ` ${seat.disc}`),
    p === env.current_player ? h("span", { class: "ely-chip ely-hot" }, "to play") : null,
    ps.passed ? h("span", { class: "ely-chip" }, "passed") : null,
    pub.writer === p ? h("span", { class: "ely-chip ely-hot" }, "writing") : null,
    h("span", { class: "ely-figures" }, figures.join(" · ")),
    h("span", { class: "ely-muted" }, quest, takes),
    t.smallButtons(t.targets.get(`seat:${p}`) ?? []),
  );
}

/** A player's panel: header, columns, pending effects, tiles, Domain and Elysium. */
function player(t, p) {
  const { info, env, pub } = t;
  const ps = pub.players_state[p];
  const columns = t.data.columns.map((col) => {
    const on = ps.columns.includes(col);
    const body = h(
      "span",
      { title: on ? "on the board" : "dismissed until the end of the epoch" },
      t.dot(col),
      ` ${col}`,
    );
    return t.actionable(`column:${p}:${col}`, `ely-column${on ? "" : " ely-gone"}`, body, "span");
  });
  const held = heldTiles(t, p);
  const cards = domain(t, p);
  const written = legends(t, p);
  const cls = `ely-player${p === env.current_player ? " ely-current" : ""}${ps.passed ? " ely-passed" : ""}`;
  return h(
    "section",
    { key: p, class: cls, "aria-label": `${seatName(info, p)}${p === env.viewer ? " (you)" : ""}` },
    playerHead(t, p),
    h(
      "div",
      { class: "ely-columns", "aria-label": "columns" },
      h("span", { class: "ely-muted" }, word(info, "column", "Columns"), ":"),
      columns,
    ),
    ps.pending_notes.length ? h("p", { class: "ely-pending" }, "Pending: ", ps.pending_notes.join("; ")) : null,
    held.length ? h("p", { class: "ely-held-tiles" }, "Bonus tiles: ", held.join(", ")) : null,
    h(
      "h4",
      { class: "ely-h" },
      word(info, "domain", "Domain"),
      cards.length ? ` (${ps.domain.length + ps.citizens.length} cards)` : ": empty",
    ),
    cards.length ? h("div", { class: "ely-cards" }, cards) : null,
    h(
      "h4",
      { class: "ely-h" },
      word(info, "elysium", "Elysium"),
      written.length ? ` (${plural(written.length, "Legend")})` : ": no Legend yet",
    ),
    written.length ? h("div", { class: "ely-legends" }, written) : null,
  );
}

/** The final scores, each row in the game's words, best first. */
function outcome(t) {
  const { info, env, data } = t;
  if (!env.outcome) return null;
  const parts = (b) =>
    data.score_rows
      .filter((row) => row.key !== "total")
      .map((row) => `${row.label} ${b[row.key]}`)
      .join(", ");
  const ranked = env.outcome.breakdown.map((b, p) => [b, p]).sort((x, y) => x[0].place - y[0].place);
  return section(
    "Final scores",
    "ely-outcome",
    h(
      "ol",
      {},
      ranked.map(([b, p]) =>
        h("li", {}, seatBadge(info, p), ` ${b.total} VP`, h("span", { class: "ely-muted" }, ` (${parts(b)})`)),
      ),
    ),
  );
}

/** Draw the table into `root`; returns the legal action ids made clickable.
 * @param {Element} root
 * @param {any} info the game's static info
 * @param {import("./choices.js").BoardEnvelope} env
 * @param {import("./choices.js").Ctx} ctx
 */
export function render(root, info, env, ctx) {
  const t = new Table(info, env, ctx);
  const pub = env.public;
  const players = (env.viewer === null ? pub.order : [env.viewer, ...pub.order.filter((p) => p !== env.viewer)]).map(
    (p) => player(t, p),
  );
  const discard = h(
    "details",
    { class: "ely-section ely-discard" },
    h("summary", {}, `Discard pile (${pub.discard.length})`),
    h(
      "div",
      { class: "ely-legend-cards" },
      pub.discard.map((id) => t.mini(id)),
    ),
  );
  // When every move on offer is in the viewer's own area (dismiss, write, pay, resolve), it
  // comes first, so that a phone need not scroll past the Agora to reach it.
  const mine = env.viewer === null ? null : pub.players_state[env.viewer];
  const own = new Set(
    mine
      ? [
          `citizen:${env.viewer}`,
          ...mine.domain.map((d) => `card:${d.card}`),
          ...info.data.columns.map((c) => `column:${env.viewer}:${c}`),
        ]
      : [],
  );
  const ownFirst = mine !== null && t.targets.size > 0 && [...t.targets.keys()].every((k) => own.has(k));
  const [you, ...others] = players;
  const table = ownFirst
    ? [you, temple(t), market(t), h("div", { class: "ely-players" }, others)]
    : [temple(t), market(t), h("div", { class: "ely-players" }, players)];
  draw(root, h("div", { class: "ely" }, statusLine(t), outcome(t), table, discard));
  return t.made;
}
