// The Elysium table: the Temple, the Agora and the Oracle, every player's Domain and Elysium.
// It holds no rules: it draws the envelope and hands back the id of a legal action.

import { h, mount, seatBadge, seatName, title } from "./ui.js";

const PHASES = {
  actions: "Phase II · Actions",
  income: "Phase III · Income",
  writing: "Phase III · Writing the Legends",
  over: "Game over",
};
const COLUMN_LETTERS = { yellow: "Y", blue: "B", green: "G", red: "R", black: "∗" };
const POWER_NOTES = {
  instantaneous: "once, when taken",
  permanent: "always on while in the Domain",
  trigger: "once per game",
  activate: "once per epoch",
  eleusis: "at income, with another Eleusis card",
  legend: "during your Writing step",
  chronos: "scores at the end of the game",
};

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** Which part of the table an action of `seat` is about ("card:ZEU-01a", "quest:Q1", ...). */
function targetOf(choice, seat) {
  const a = choice.action;
  switch (a.kind) {
    case "take_card":
    case "use_power":
    case "resolve":
    case "copy_target":
    case "oracle_free":
    case "swap_out":
    case "swap_in":
      return `card:${a.card}`;
    case "transfer":
    case "discard":
      return a.card === "citizen" ? `citizen:${seat}` : `card:${a.card}`;
    case "take_quest":
      return `quest:${a.quest}`;
    case "dismiss":
      return `column:${seat}:${a.column}`;
    case "steal_from":
      return `seat:${a.seat - 1}`;
    case "take_citizen":
      return "draw";
    default:
      return null;
  }
}

/** The few words a button on a card shows; its accessible name is the full label. */
function shortLabel(choice, cost) {
  const a = choice.action;
  const gold = cost === undefined ? "" : ` · ${cost} gold`;
  switch (a.kind) {
    case "transfer":
      return (a.legend === 0 ? "new Legend" : `Legend ${a.legend}`) + gold;
    case "take_card":
    case "take_quest":
      return "take";
    case "use_power":
      return "use power";
    case "resolve":
      return "resolve next";
    case "copy_target":
      return "copy this power";
    case "oracle_free":
      return "take for free";
    case "take_citizen":
      return "take a Citizen";
    case "steal_from":
      return "steal gold";
    default:
      return a.kind.replace("_", " "); // swap out, swap in, discard, dismiss
  }
}

export function render(root, info, env, ctx) {
  const pub = env.public;
  const cards = new Map(info.data.cards.map((c) => [c.id, c]));
  const families = new Map(info.data.families.map((f) => [f.id, f]));
  const costs = pub.transfer_costs ?? {};
  const made = new Set();
  const byTarget = new Map();
  for (const choice of ctx.replay ? [] : (env.legal_actions ?? [])) {
    const key = targetOf(choice, env.current_player);
    if (key) byTarget.set(key, [...(byTarget.get(key) ?? []), choice]);
  }
  const ares = pub.families.includes("ares");
  const familyName = (id) => families.get(id)?.name ?? title(id);

  // ---- buttons: every one records the action it makes as clickable
  const fullLabel = (c) => (c.text in costs ? `${c.label} (costs ${costs[c.text]} gold)` : c.label);
  function pick(choice, cls, ...content) {
    made.add(choice.id);
    const label = fullLabel(choice);
    return h(
      "button",
      {
        type: "button",
        class: cls,
        "data-action": choice.text,
        "aria-label": label,
        title: label,
        onclick: () => ctx.choose(choice.id),
      },
      ...content,
    );
  }
  function smallButtons(choices) {
    if (!choices.length) return null;
    const others = choices.filter((c) => c.action.kind !== "transfer");
    const transfers = choices.filter((c) => c.action.kind === "transfer");
    const buttons = (list) => list.map((c) => pick(c, "ely-act", shortLabel(c, costs[c.text])));
    return h(
      "span",
      { class: "ely-acts" },
      buttons(others),
      transfers.length ? h("span", { class: "ely-acts-title" }, "Transfer to:") : null,
      buttons(transfers),
    );
  }
  /** `body` as one big button when a single non-transfer action names it, else with small buttons. */
  function actionable(key, cls, body, tag = "div") {
    const choices = byTarget.get(key) ?? [];
    if (choices.length === 1 && choices[0].action.kind !== "transfer") {
      const c = choices[0];
      return pick(c, `${cls} ely-pickable`, body, h("span", { class: "ely-cta" }, shortLabel(c)));
    }
    return h(tag, { class: cls + (choices.length ? " ely-pickable" : "") }, body, smallButtons(choices));
  }

  // ---- pieces
  const dot = (colour) =>
    h("span", { class: `ely-dot ely-col-${colour}`, "aria-hidden": "true" }, COLUMN_LETTERS[colour] ?? "");
  const condition = (colours) => {
    const needs = `needs ${colours.map((c) => (c === "black" ? "any column" : c)).join(" + ")}`;
    return h("span", { class: "ely-cond", title: needs }, colours.map(dot), h("span", { class: "ely-sr" }, needs));
  };
  const powerName = (c) =>
    [title(c.power), c.window && `window: ${c.window}`, c.hook?.replaceAll("_", " ")].filter(Boolean).join(" · ");

  /** A card face; `state` is its Domain entry ({turned, ring}) and `flags` extra notes. */
  function cardFace(id, state = null, flags = []) {
    const c = cards.get(id);
    if (!c) return h("span", { class: "ely-card-body" }, id);
    const notes = [...flags];
    if (state?.turned) notes.push("turned: used this epoch");
    if (state && c.power === "trigger") notes.push(state.ring ? "ring: Trigger unused" : "Trigger used");
    return h(
      "span",
      { class: "ely-card-body", title: c.full_text },
      h(
        "span",
        { class: "ely-card-head" },
        h("span", { class: "ely-lvl", title: `level ${c.level}` }, `L${c.level}`),
        h("span", { class: "ely-name" }, c.name),
        h("span", { class: "ely-fam" }, familyName(c.family)),
      ),
      h("span", { class: "ely-card-line" }, condition(c.condition), h("span", { class: "ely-id" }, c.id)),
      h("span", { class: "ely-power", title: POWER_NOTES[c.power] ?? "" }, powerName(c)),
      h("span", { class: "ely-text" }, c.text),
      notes.map((n) => h("span", { class: "ely-flag" }, n)),
    );
  }
  function card(id, { state = null, flags = [], could = false } = {}) {
    const fam = cards.get(id)?.family ?? "none";
    const cls = `ely-card ely-fam-${fam}${state?.turned ? " ely-turned" : ""}${could ? " ely-could" : ""}`;
    return actionable(`card:${id}`, cls, cardFace(id, state, flags));
  }
  const mini = (id) => {
    const c = cards.get(id);
    return h(
      "span",
      { class: `ely-mini ely-fam-${c?.family ?? "none"}`, title: c?.full_text ?? id },
      c ? `L${c.level} ${c.name}` : id,
      h("span", { class: "ely-id" }, ` ${familyName(c?.family ?? "")}`),
    );
  };
  const section = (name, cls, ...children) =>
    h("section", { class: `ely-section ${cls}`, "aria-label": name }, h("h3", { class: "ely-h" }, name), ...children);

  // ---- status line
  const current = env.current_player;
  const status = h(
    "div",
    { class: "ely-status" },
    h("span", { class: "ely-chip" }, `Epoch ${pub.epoch} of 5`),
    h("span", { class: "ely-chip" }, PHASES[pub.phase] ?? title(pub.phase)),
    pub.writer === null
      ? null
      : h(
          "span",
          { class: "ely-chip ely-hot" },
          `${seatName(info, pub.writer)}'s Writing step: ${plural(pub.allowance, "transfer")} left`,
        ),
    current === null
      ? null
      : current === env.viewer && !ctx.replay
        ? h("span", { class: "ely-chip ely-hot" }, "Your decision")
        : h("span", { class: "ely-chip" }, ctx.replay ? "To play: " : "Waiting for ", seatBadge(info, current)),
    h(
      "span",
      { class: "ely-chip" },
      "Order: ",
      pub.order.map((p, i) => [i ? " → " : "", seatName(info, p)]),
    ),
    env.decision?.prompt ? h("span", { class: "ely-prompt" }, env.decision.prompt) : null,
  );

  // ---- the Temple: Pediment, Quests, bonus tiles
  const side = info.data.pediments[pub.pediment] ?? [];
  const holderOf = (qid) => pub.players_state.findIndex((ps) => ps.quest === qid);
  const quests = info.data.quests.map((q) => {
    const colour = side[q.number - 1];
    const inTemple = pub.temple.includes(q.id);
    const holder = holderOf(q.id);
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
    return actionable(`quest:${q.id}`, `ely-quest${inTemple ? "" : " ely-gone"}`, body);
  });
  const tiles = [];
  for (const fam of pub.families) {
    const holders = pub.family_tiles[fam] ?? [];
    const ranks = Object.values(info.data.family_bonus_vp).map(
      (vp, i) => `${vp} VP ${holders[i] === undefined ? "free" : seatName(info, holders[i])}`,
    );
    tiles.push(
      h(
        "span",
        { class: `ely-tile ely-fam-${fam}${holders.length ? " ely-held" : ""}` },
        `${familyName(fam)}: ${ranks.join(", ")}`,
      ),
    );
  }
  for (const [level, holder] of Object.entries(pub.level_tiles)) {
    tiles.push(
      h(
        "span",
        { class: `ely-tile${holder === null ? "" : " ely-held"}` },
        `Level ${level} ${info.data.level_bonus_vp[level]} VP: `,
        holder === null ? "free" : seatName(info, holder),
      ),
    );
  }
  const drawPile = actionable("draw", "ely-pile", h("span", {}, `Draw pile: ${pub.draw_pile} cards`), "div");
  const temple = section(
    `Temple · Pediment side ${pub.pediment}`,
    "ely-temple",
    h("div", { class: "ely-quests" }, quests),
    h(
      "div",
      { class: "ely-tiles", "aria-label": "bonus tiles" },
      h("span", { class: "ely-muted" }, "Bonus tiles:"),
      tiles,
    ),
    drawPile,
  );

  // ---- Agora and Oracle
  const mine = env.viewer === null ? null : pub.players_state[env.viewer];
  const could = new Set(current === env.viewer ? [] : (mine?.can_take.cards ?? []));
  const row = (ids) =>
    h(
      "div",
      { class: "ely-cards" },
      ids.map((id) => card(id, { could: could.has(id) })),
    );
  const agora = section(
    `Agora (${pub.agora.length})`,
    "ely-agora",
    row(pub.agora),
    could.size ? h("p", { class: "ely-muted ely-note" }, "Dashed outline: cards you could take on your turn.") : null,
  );
  const oracle =
    pub.families.includes("apollo") || pub.oracle.length
      ? section(`Oracle (${pub.oracle.length})`, "ely-oracle", row(pub.oracle))
      : null;

  // ---- players: the viewer first
  const seats = env.viewer === null ? pub.order : [env.viewer, ...pub.order.filter((p) => p !== env.viewer)];
  const players = seats.map((p) => {
    const ps = pub.players_state[p];
    const seat = env.seats[p];
    const figures = [`${seat.gold} gold`, `${seat.vp} VP`, ares ? `${seat.pp} PP` : null].filter(Boolean);
    const columns = info.data.columns.map((col) => {
      const on = ps.columns.includes(col);
      const where = on ? "on the board" : "dismissed until the end of the epoch";
      const body = h("span", { title: where }, dot(col), ` ${col}`);
      return actionable(`column:${p}:${col}`, `ely-column${on ? "" : " ely-gone"}`, body, "span");
    });
    const pending = [];
    const pend = ps.pending;
    if (pend.ignore_condition) pending.push("ignore the next condition");
    if (pend.keep_column) pending.push("keep a column at the next dismissal");
    if (pend.oracle_access) pending.push("next card may come from the Oracle");
    if (pend.extra_transfer) pending.push(`+${plural(pend.extra_transfer, "transfer")} this epoch`);
    for (const d of pend.transfer_discounts) {
      const what = [d.levels.length ? `level ${d.levels.join("/")} cards` : null, d.citizens ? "Citizens" : null];
      pending.push(`next transfer of ${what.filter(Boolean).join(" or ")} costs ${d.n} less`);
    }
    const held = [];
    for (const [fam, holders] of Object.entries(pub.family_tiles)) {
      const i = holders.indexOf(p);
      if (i >= 0) held.push(`${familyName(fam)} family tile (${info.data.family_bonus_vp[i + 1]} VP)`);
    }
    for (const [level, holder] of Object.entries(pub.level_tiles)) {
      if (holder === p) held.push(`Level ${level} tile (${info.data.level_bonus_vp[level]} VP)`);
    }
    const domain = ps.domain.map((d) => {
      const power = cards.get(d.card)?.power;
      const flags =
        power === "eleusis" ? [ps.eleusis_active ? "Eleusis active" : "Eleusis inactive: needs another"] : [];
      return card(d.card, { state: d, flags });
    });
    if (ps.citizens.length) {
      domain.push(
        actionable(
          `citizen:${p}`,
          "ely-card ely-citizen",
          h(
            "span",
            { class: "ely-card-body" },
            h("span", { class: "ely-card-head" }, h("span", { class: "ely-name" }, `Citizens × ${ps.citizens.length}`)),
            h(
              "span",
              { class: "ely-text" },
              "Face down: nobody sees them. Jokers in Legends of 2 or more " +
                `cards; ${info.data.citizen_penalty_vp} VP each in the Elysium at the end.`,
            ),
            h("span", { class: "ely-id" }, ps.citizens.map((c) => `#${c}`).join(" ")),
          ),
        ),
      );
    }
    const legends = ps.elysium.map((lg, i) => {
      const kind =
        lg.type === "family"
          ? `Family Legend: ${familyName(lg.family)}`
          : lg.type === "level"
            ? `Level Legend: L${lg.level}`
            : "Undetermined";
      return h(
        "div",
        { class: `ely-legend${lg.family ? ` ely-fam-${lg.family}` : ""}` },
        h(
          "div",
          { class: "ely-legend-head" },
          h("strong", {}, `Legend ${i + 1}`),
          ` · ${kind}`,
          h(
            "span",
            { class: "ely-vp", title: "forecast: Legends score at the end of the game" },
            `${lg.forecast_vp} VP forecast`,
          ),
        ),
        h(
          "div",
          { class: "ely-legend-cards" },
          lg.cards.map(mini),
          lg.citizens.map((c) => h("span", { class: "ely-mini ely-citizen" }, `Citizen #${c.citizen} as L${c.level}`)),
        ),
      );
    });
    const status = [
      p === current ? h("span", { class: "ely-chip ely-hot" }, "to play") : null,
      ps.passed ? h("span", { class: "ely-chip" }, "passed") : null,
      pub.writer === p ? h("span", { class: "ely-chip ely-hot" }, "writing") : null,
    ];
    const quest =
      ps.quest === null ? "no Quest yet" : ps.quest === "incomplete" ? "Incomplete Quest" : `Quest ${ps.quest}`;
    return h(
      "section",
      {
        class: `ely-player${p === current ? " ely-current" : ""}${ps.passed ? " ely-passed" : ""}`,
        "aria-label": `${seatName(info, p)}${p === env.viewer ? " (you)" : ""}`,
      },
      h(
        "header",
        { class: "ely-player-head" },
        seatBadge(info, p, p === env.viewer ? " (you)" : ""),
        h("span", { class: "ely-chip" }, `disc ${seat.disc}`),
        status,
        h("span", { class: "ely-figures" }, figures.join(" · ")),
        h("span", { class: "ely-muted" }, quest, pub.phase === "actions" ? ` · cards taken ${ps.card_takes}/3` : ""),
        smallButtons(byTarget.get(`seat:${p}`) ?? []),
      ),
      h(
        "div",
        { class: "ely-columns", "aria-label": "columns" },
        h("span", { class: "ely-muted" }, "Columns:"),
        columns,
      ),
      pending.length ? h("p", { class: "ely-pending" }, "Pending: ", pending.join("; ")) : null,
      held.length ? h("p", { class: "ely-held-tiles" }, "Bonus tiles: ", held.join(", ")) : null,
      h(
        "h4",
        { class: "ely-h" },
        domain.length ? `Domain (${ps.domain.length + ps.citizens.length} cards)` : "Domain: empty",
      ),
      domain.length ? h("div", { class: "ely-cards" }, domain) : null,
      h(
        "h4",
        { class: "ely-h" },
        legends.length ? `Elysium (${plural(legends.length, "Legend")})` : "Elysium: no Legend yet",
      ),
      legends.length ? h("div", { class: "ely-legends" }, legends) : null,
    );
  });

  // ---- discard pile and final scores
  const discard = h(
    "details",
    { class: "ely-section ely-discard" },
    h("summary", {}, `Discard pile (${pub.discard.length})`),
    h("div", { class: "ely-legend-cards" }, pub.discard.map(mini)),
  );
  const outcome = env.outcome
    ? section(
        "Final scores",
        "ely-outcome",
        h(
          "ol",
          {},
          env.outcome.breakdown
            .map((b, p) => [b, p])
            .sort((x, y) => x[0].place - y[0].place)
            .map(([b, p]) =>
              h(
                "li",
                {},
                seatBadge(info, p),
                ` ${b.total} VP`,
                h(
                  "span",
                  { class: "ely-muted" },
                  ` (Legends ${b.legends}, tiles ${b.family_tiles + b.level_tiles}, Ares ${b.ares}, ` +
                    `tokens ${b.vp_tokens}, Chronos ${b.chronos}, Citizens ${b.citizens}; ${b.gold} gold)`,
                ),
              ),
            ),
        ),
      )
    : null;

  // When every move on offer is in the viewer's own area (dismiss, write, pay, resolve), it
  // comes first, so that a phone need not scroll past the Agora to reach it.
  const own = new Set(
    mine
      ? [
          `citizen:${env.viewer}`,
          ...mine.domain.map((d) => `card:${d.card}`),
          ...info.data.columns.map((c) => `column:${env.viewer}:${c}`),
        ]
      : [],
  );
  const ownFirst = byTarget.size > 0 && [...byTarget.keys()].every((k) => own.has(k));
  const [you, ...others] = players;
  const table =
    ownFirst && env.viewer !== null
      ? [you, temple, agora, oracle, h("div", { class: "ely-players" }, others)]
      : [temple, agora, oracle, h("div", { class: "ely-players" }, players)];
  mount(root, h("div", { class: "ely" }, status, outcome, table, discard));
  return made;
}
