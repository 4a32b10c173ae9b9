// The Ilium board, drawn from the board's coordinates (static_info) and a view envelope.
// It knows no rule: legal spaces and sites are the envelope's legal actions, clicked to choose.
import { h, mount, seatColour, seatName, svg } from "./ui.js";

const SCALE = 10;
const SITE_R = 36;
const SPACE_R = 17;
const ICONS = { Coins: "●", Horses: "♞", Armbands: "◎", Bottles: "⚱", Helmets: "▲" };
const ROMAN = { 1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI", 7: "VII", 8: "VIII" };

function token(text) {
  const cut = text.lastIndexOf("-");
  return { type: text.slice(0, cut), value: Number(text.slice(cut + 1)) };
}

function chip(text) {
  const t = token(text);
  return h(
    "span",
    { class: `chip bg-${t.type.toLowerCase()}${t.value === 4 ? " four" : ""}`, title: text },
    `${ICONS[t.type] ?? ""} ${t.type} ${t.value}`,
  );
}

/** Legal actions keyed by what they are played on: "p12:3" for spaces, "HIS" for sites. */
function targets(env) {
  const spaces = new Map();
  const sites = new Map();
  for (const choice of env.legal_actions ?? []) {
    const a = choice.action;
    if (a.kind === "place_group" || a.kind === "place_cube") spaces.set(`${a.path}:${a.space}`, choice);
    else if (a.kind === "choose_site") sites.set(a.site, choice);
  }
  return { spaces, sites };
}

function clickable(node, choice, ctx, handled) {
  handled.add(choice.id);
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", choice.label);
  node.dataset.action = choice.text;
  const go = () => ctx.choose(choice.id);
  node.addEventListener("click", go);
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      go();
    }
  });
  node.append(svg("title", {}, choice.label));
}

function drawBoard(info, env, ctx, handled) {
  const board = info.data.board;
  const at = Object.fromEntries(board.sites.map((s) => [s.id, { x: s.x * SCALE, y: s.y * SCALE, site: s }]));
  const pub = env.public;
  const { spaces, sites } = ctx.replay ? { spaces: new Map(), sites: new Map() } : targets(env);
  const activePath = pub.current_turn?.path;
  // Labels and tokens go on top but let clicks through to the spaces beneath them.
  const layers = {
    paths: svg("g", {}),
    sites: svg("g", {}),
    spaces: svg("g", {}),
    labels: svg("g", { class: "labels" }),
  };

  for (const path of board.paths) {
    const [a, b] = path.ends.map((id) => at[id]);
    const usable = path.id in pub.paths;
    layers.paths.append(
      svg("line", {
        class: `path-line${usable ? "" : " closed"}${path.id === activePath ? " active" : ""}`,
        x1: a.x,
        y1: a.y,
        x2: b.x,
        y2: b.y,
      }),
    );
    if (!usable) continue;
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    const ux = (b.x - a.x) / length;
    const uy = (b.y - a.y) / length;
    const span = length - 2 * SITE_R;
    const step = span / path.spaces;
    pub.paths[path.id].forEach((occupant, i) => {
      const d = SITE_R + step * (i + 0.5);
      const x = a.x + ux * d;
      const y = a.y + uy * d;
      const key = `${path.id}:${i}`;
      const g = svg("g", { class: "space-group", "data-space": key });
      const base = svg("circle", { class: `space${i === 0 ? " shovel" : ""}`, cx: x, cy: y, r: SPACE_R });
      g.append(base);
      if (occupant?.group !== undefined) {
        g.append(
          svg("circle", { class: `group fill-${seatColour(info, occupant.group)}`, cx: x, cy: y, r: SPACE_R - 2 }),
          svg("text", { class: "group-size", x, y }, occupant.size),
          svg("title", {}, `${seatName(info, occupant.group)}: group of ${occupant.size} on ${key}`),
        );
      } else if (occupant?.cube !== undefined) {
        g.append(
          svg("rect", {
            class: `cube fill-${seatColour(info, occupant.cube)}`,
            x: x - 9,
            y: y - 9,
            width: 18,
            height: 18,
            rx: 2,
          }),
          svg("title", {}, `${seatName(info, occupant.cube)}: supply cube on ${key}`),
        );
      } else {
        g.append(svg("text", { class: "space-index", x, y }, i));
        const choice = spaces.get(key);
        if (choice) {
          base.classList.add("legal");
          clickable(g, choice, ctx, handled);
        }
      }
      layers.spaces.append(g);
    });
    // The shovel end: a small spade between the site and space 0.
    // (its outline, relative steps along and across the path: spadeSteps)
    const sx = a.x + ux * (SITE_R + 2);
    const sy = a.y + uy * (SITE_R + 2);
    layers.spaces.append(
      svg("path", {
        class: "shovel-mark",
        d: `M ${sx} ${sy} ${spadeSteps(ux, uy)} z`,
      }),
    );
  }

  for (const site of board.sites) {
    const { x, y } = at[site.id];
    const stock = pub.sites[site.id];
    const g = svg("g", { class: "site-group", "data-site": site.id });
    const circle = svg("circle", { class: `site${site.closed ? " closed" : ""}`, cx: x, cy: y, r: SITE_R });
    g.append(circle, svg("text", { class: "site-numeral", x, y }, ROMAN[site.numeral] ?? site.numeral));
    layers.labels.append(svg("text", { class: "site-name", x, y: y + SITE_R + 17 }, site.name));
    if (stock) {
      const w = 24;
      const left = x - (stock.length * w) / 2;
      stock.forEach((text, i) => {
        const t = token(text);
        const tx = left + i * w;
        layers.labels.append(
          svg("rect", {
            class: `token fill-${t.type.toLowerCase()}${t.value === 4 ? " four" : ""}`,
            x: tx + 1,
            y: y - SITE_R - 34,
            width: w - 2,
            height: 31,
            rx: 4,
          }),
          svg("text", { class: "token-icon", x: tx + w / 2, y: y - SITE_R - 25 }, ICONS[t.type] ?? ""),
          svg("text", { class: "token-value", x: tx + w / 2, y: y - SITE_R - 11 }, t.value),
        );
      });
      g.append(
        svg(
          "title",
          {},
          `${site.name} (${ROMAN[site.numeral]}): ` +
            `${stock.length ? stock.join(", ") : "no tokens left"} — taken from the left`,
        ),
      );
    } else {
      g.append(svg("title", {}, `${site.name}: closed in this game`));
    }
    const choice = sites.get(site.id);
    if (choice) {
      circle.classList.add("legal");
      clickable(circle, choice, ctx, handled);
    }
    layers.sites.append(g);
  }

  const xs = board.sites.map((s) => s.x * SCALE);
  const ys = board.sites.map((s) => s.y * SCALE);
  const pad = 80;
  const box = [
    Math.min(...xs) - pad - 40,
    Math.min(...ys) - pad,
    Math.max(...xs) - Math.min(...xs) + 2 * pad + 80,
    Math.max(...ys) - Math.min(...ys) + 2 * pad,
  ];
  return svg(
    "svg",
    { class: "ilium-board", viewBox: box.join(" "), role: "group", "aria-label": "The Ilium board" },
    layers.paths,
    layers.sites,
    layers.spaces,
    layers.labels,
  );
}

function collections(info, env) {
  const types = info.data.artifact_types;
  const hands = env.public.hands;
  const counts = hands.map((hand) =>
    Object.fromEntries(types.map((t) => [t, hand.tokens.filter((x) => token(x).type === t).length])),
  );
  const most = Object.fromEntries(types.map((t) => [t, Math.max(...counts.map((c) => c[t]))]));
  return h(
    "div",
    { class: "scroll-x" },
    h(
      "table",
      { class: "collection", "aria-label": "Collections by type (underlined: the most tokens of a type)" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", {}, "Player"),
          types.map((t) => h("th", {}, h("span", { class: `chip bg-${t.toLowerCase()}` }, `${ICONS[t] ?? ""} ${t}`))),
          h("th", {}, "Cubes"),
          h("th", {}, "Cards"),
        ),
      ),
      h(
        "tbody",
        {},
        hands.map((hand, p) =>
          h(
            "tr",
            {},
            h(
              "td",
              {},
              h("span", { class: `seat seat-${seatColour(info, p)}` }, seatName(info, p)),
              env.viewer === p ? " (you)" : "",
            ),
            types.map((t) => {
              const n = counts[p][t];
              const artifacts = hand.tokens.filter((x) => token(x).type === t).reduce((s, x) => s + token(x).value, 0);
              const major = n > 0 && n === most[t];
              return h(
                "td",
                {
                  class: major ? "major" : "",
                  title: `${n} token(s), ${artifacts} artifact(s)${major ? " — most tokens" : ""}`,
                },
                `${n} (${artifacts})`,
              );
            }),
            h("td", {}, hand.cubes),
            h(
              "td",
              {},
              Object.values(hand.deck).reduce((s, n) => s + n, 0),
            ),
          ),
        ),
      ),
    ),
    h("p", { class: "muted" }, "Tokens (artifacts) of each type; underlined: the most tokens of that type."),
  );
}

function turnInfo(info, env, ctx) {
  const pub = env.public;
  const turn = pub.current_turn ?? {};
  const parts = [];
  if (turn.card)
    parts.push(
      h(
        "div",
        { class: "row" },
        "Revealed card:",
        h("span", { class: "card-face", "aria-label": `card ${turn.card}` }, turn.card),
      ),
    );
  if (turn.path) parts.push(h("p", {}, `Path this turn: ${turn.path}`));
  const dig = pub.excavation;
  if (dig) {
    parts.push(
      h(
        "p",
        {},
        `Excavation of ${dig.path}: first ${dig.first >= 0 ? seatName(info, dig.first) : "nobody"}`,
        dig.second >= 0
          ? `, second ${seatName(info, dig.second)}${dig.second_qualifies ? "" : " (does not qualify)"}`
          : "",
        dig.site ? `; digging at ${dig.site}` : "",
      ),
    );
  }
  parts.push(h("p", { class: "muted" }, `Value-4 tokens left on the sites: ${pub.fours_on_sites}`));
  if (pub.removed_tokens.length) parts.push(h("p", {}, "Removed: ", pub.removed_tokens.map(chip)));
  const secrets = ctx.replay
    ? (ctx.privates ?? []).map((p, seat) => [seat, p])
    : env.viewer !== null
      ? [[env.viewer, env.private]]
      : [];
  for (const [seat, secret] of secrets) {
    if (!secret?.historian) continue;
    parts.push(
      h(
        "div",
        { class: "secret", "data-secret": "historian" },
        h("strong", {}, ctx.replay ? `${seatName(info, seat)}'s secrets` : "Only you see this"),
        h(
          "div",
          {},
          "Historian: ",
          h(
            "span",
            { class: `chip bg-${secret.historian.toLowerCase()}` },
            `${ICONS[secret.historian] ?? ""} ${secret.historian}`,
          ),
        ),
        secret.top_card !== undefined && secret.top_card !== null
          ? h("div", {}, "Next card: ", h("strong", {}, secret.top_card))
          : null,
      ),
    );
  }
  return h("div", { class: "panel" }, h("h3", {}, "This turn"), parts);
}

/** Draw the board and its panels into `root`; returns the legal action ids made clickable. */
export function render(root, info, env, ctx) {
  const handled = new Set();
  const board = drawBoard(info, env, ctx, handled);
  mount(
    root,
    h("div", { class: "board-scroll" }, board),
    h(
      "div",
      { class: "ilium-info" },
      turnInfo(info, env, ctx),
      h("div", { class: "panel collections" }, h("h3", {}, "Collections"), collections(info, env)),
    ),
    h(
      "p",
      { class: "muted" },
      "Green spaces and sites are yours to choose. The dark spade marks each path's shovel end " +
        "(space 0). Tokens above a site are taken from the left; a red outline marks a value-4 token.",
    ),
  );
  return handled;
}

/** Ilium's decisions that are not on the board, said plainly. */
export function explain(env) {
  const kind = env.decision?.kind;
  if (kind === "offer") return "The game may end now: end it, or play on.";
  if (kind === "cube") return "Place a supply cube on a green space of the path, or stop placing cubes.";
  if (kind === "site")
    return "You dig at the site you choose (green); a qualifying second player takes from the other one.";
  if (kind === "token") return "Several of the site's lowest tokens have the same value: choose the type you take.";
  return null;
}

/** The outline of a shovel-end spade as relative SVG path steps, for a path along (ux, uy). */
function spadeSteps(ux, uy) {
  const steps = [
    [-uy * 6, ux * 6],
    [ux * 9, uy * 9],
    [uy * 12, -ux * 12],
    [-ux * 9, -uy * 9],
  ];
  return steps.map(([dx, dy]) => `l ${dx.toFixed(1)} ${dy.toFixed(1)}`).join(" ");
}
