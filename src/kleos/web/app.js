// The pages: home (create or join a game), invite links, my games; the game page is game.js.
import { setupTheme } from "./theme.js";
import { api, createdGame, gameLink, heldSeats, holdSeat, keepCreated, keepTabSeat, takeToken } from "./api.js";
import { showGame } from "./game.js";
import { timerFields } from "./timer.js";
import { h, mount, seatName, title } from "./ui.js";

const main = document.getElementById("main");
const NAME_KEY = "kleos.name";

/** The display name this browser last gave (to fill in the next form). */
const lastName = () => localStorage.getItem(NAME_KEY) ?? "";

/** Remember the name last given (none: forget it). */
function keepName(name) {
  if (name) localStorage.setItem(NAME_KEY, name);
  else localStorage.removeItem(NAME_KEY);
}

// ------------------------------------------------------------------ theme, sound, toasts

function setupSound() {
  const button = document.getElementById("sound");
  const show = () => {
    const on = localStorage.getItem("kleos.sound") === "on";
    button.textContent = on ? "Sound on" : "Sound off";
    button.setAttribute("aria-pressed", String(on));
  };
  show();
  button.addEventListener("click", () => {
    localStorage.setItem("kleos.sound", localStorage.getItem("kleos.sound") === "on" ? "off" : "on");
    show();
  });
}

/** A link to copy: its label, the link as read-only text, and a Copy button. */
function copyRow(label, url) {
  const input = h("input", { type: "text", readonly: true, value: url, "aria-label": label });
  const copy = h("button", { type: "button" }, `Copy ${label}`);
  copy.addEventListener("click", async () => {
    input.select();
    try {
      await navigator.clipboard.writeText(url);
      toast("Copied");
    } catch {
      document.execCommand?.("copy");
      toast("Copied");
    }
  });
  return h("div", { class: "copy-row" }, h("span", {}, label), input, copy);
}

let toastTimer = null;
/** A short message at the bottom of the page (also read out by screen readers). */
export function toast(message) {
  const node = document.getElementById("toast");
  node.textContent = message;
  node.classList.add("shown");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => node.classList.remove("shown"), 4000);
}

// ------------------------------------------------------------------ home

async function showHome() {
  document.title = "Kleos — new game";
  const catalog = await api("/api/catalog");
  const form = h("form", { class: "panel stack", "aria-labelledby": "new-title" });
  const message = h("p", { class: "error", role: "alert" });
  const gameSelect = h(
    "select",
    { id: "game", name: "game" },
    catalog.games.map((g) => h("option", { value: g.id }, g.title)),
  );
  const playersSelect = h("select", { id: "players", name: "players" });
  const options = h("div");
  const seats = h("div", { class: "stack" });
  const timer = timerFields(catalog.levels);
  const [you, nameInput] = yourName();

  const chosen = () => catalog.games.find((g) => g.id === gameSelect.value);

  function drawPlayers() {
    const g = chosen();
    const current = Number(playersSelect.value) || 3;
    mount(
      playersSelect,
      Array.from({ length: g.max_players - g.min_players + 1 }, (_, i) => g.min_players + i).map((n) =>
        h("option", { value: n, selected: n === Math.min(Math.max(current, g.min_players), g.max_players) }, n),
      ),
    );
  }

  function drawOptions() {
    mount(options, chosen().options.map(optionField));
  }

  function drawSeats() {
    mount(seats, seatRows(Number(playersSelect.value), catalog.levels));
  }

  gameSelect.addEventListener("change", () => {
    drawPlayers();
    drawOptions();
    drawSeats();
  });
  playersSelect.addEventListener("change", drawSeats);
  drawPlayers();
  drawOptions();
  drawSeats();

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const n = Number(playersSelect.value);
    const picks = Array.from({ length: n }, (_, seat) => form.querySelector(`[name="seat-${seat}"]`).value);
    const seatsPicked = (kind) => picks.flatMap((p, seat) => (p === kind ? [seat] : []));
    const body = {
      game: gameSelect.value,
      players: n,
      seats: picks.map((p) => (p === "me" || p === "open" ? "human" : p)),
      taken: seatsPicked("me"),
      open: seatsPicked("open"),
      options: optionValues(form, chosen()),
    };
    const chosenTimer = timer.value();
    if (chosenTimer) body.timer = chosenTimer;
    const name = nameInput.value.trim();
    if (name && body.taken.length) body.name = name; // the name is of the seats I take
    try {
      const created = await api("/api/games", { method: "POST", body });
      keepName(name);
      goToCreated(created, body.game, picks);
    } catch (error) {
      message.textContent = error.message;
    }
  });

  mount(
    form,
    h("h1", { id: "new-title" }, "New game"),
    h(
      "div",
      { class: "row" },
      h("label", { for: "game" }, "Game"),
      gameSelect,
      h("label", { for: "players" }, "Players"),
      playersSelect,
    ),
    options,
    h("fieldset", {}, h("legend", {}, "Who plays each seat"), seats),
    timer.root,
    h("button", { class: "primary", type: "submit" }, "Create game"),
    message,
  );
  const open = h(
    "section",
    { class: "panel", "aria-labelledby": "open-title" },
    h("h2", { id: "open-title" }, "Open games"),
  );
  mount(main, h("div", { class: "stack" }, you, form, open));
  showOpenGames(open, () => nameInput.value.trim());
}

/** The field of one option of the game's spec (a data option, a file of the game's own,
 * is not set from the browser). */
function optionField(o) {
  const legend = h("legend", { title: o.doc }, title(o.name.replaceAll("_", " ")));
  const box = (name, c, attrs = {}) =>
    h("label", { title: c.doc }, h("input", { type: "checkbox", name, value: c.id, ...attrs }), c.label);
  if (o.kind === "flags")
    return h(
      "fieldset",
      {},
      legend,
      o.choices.map((c) => box(o.name, c)),
    );
  if (o.kind === "number") {
    const input = h("input", {
      type: "number",
      id: `option-${o.name}`,
      name: o.name,
      min: o.low,
      max: o.high,
      value: o.default,
      title: o.doc,
    });
    return h("div", { class: "row" }, h("label", { for: input.id }, title(o.name.replaceAll("_", " "))), input);
  }
  if (o.kind !== "pick") return null;
  const radio = (value, text, doc, checked) =>
    h("label", { title: doc }, h("input", { type: "radio", name: o.name, value, checked }), text);
  const fieldset = h(
    "fieldset",
    {},
    h("legend", { title: o.doc }, `${title(o.name.replaceAll("_", " "))} (${o.count} in play)`),
    h(
      "div",
      { class: "row" },
      o.presets.map((p) => radio(p.id, p.label, p.doc, p.id === o.default)),
      radio("custom", "Choose", "", false),
    ),
    h(
      "div",
      { class: "row" },
      o.choices.map((c) => box(`${o.name}-choice`, c, { disabled: true })),
    ),
  );
  fieldset.addEventListener("change", () => {
    const custom = fieldset.querySelector(`input[name="${o.name}"]:checked`)?.value === "custom";
    for (const b of fieldset.querySelectorAll(`input[name="${o.name}-choice"]`)) b.disabled = !custom;
  });
  return fieldset;
}

/** The options the form sets, as the server's create call takes them (defaults left out). */
function optionValues(form, game) {
  const values = {};
  const ticked = (name) => [...form.querySelectorAll(`input[name="${name}"]:checked`)].map((b) => b.value);
  for (const o of game.options) {
    if (o.kind === "flags" && ticked(o.name).length) values[o.name] = ticked(o.name);
    if (o.kind === "number") {
      const value = Number(form.querySelector(`input[name="${o.name}"]`).value);
      if (value !== o.default) values[o.name] = value;
    }
    if (o.kind === "pick") {
      const preset = ticked(o.name)[0];
      if (preset === "custom") values[o.name] = ticked(`${o.name}-choice`);
      else if (preset && preset !== o.default) values[o.name] = preset;
    }
  }
  return values;
}

/** The Your name panel and its field: one name for creating and for joining, what the other players see beside my
 * seat's colour. */
function yourName() {
  const input = h("input", {
    type: "text",
    id: "my-name",
    name: "name",
    autocomplete: "nickname",
    placeholder: "e.g. Alice",
    value: lastName(),
    "aria-describedby": "my-name-hint",
  });
  const panel = h(
    "div",
    { class: "panel" },
    h("div", { class: "row" }, h("label", { for: "my-name" }, "Your name"), input),
    h(
      "p",
      { class: "muted", id: "my-name-hint" },
      "Shown to the other players when you create or join a game — optional, up to 24 characters.",
    ),
  );
  return [panel, input];
}

/** One row per seat of the new-game form: who plays it (me, a friend, anyone, an AI level). */
function seatRows(n, levels) {
  const kinds = [
    ["me", "Me"],
    ["human", "A friend (invite link)"],
    ["open", "Anyone (open seat)"],
    ...levels.map((l) => [l, `AI: ${l}`]),
  ];
  return Array.from({ length: n }, (_, seat) =>
    h(
      "div",
      { class: "row" },
      h("label", { for: `seat-${seat}` }, `Seat ${seat + 1}`),
      h(
        "select",
        { id: `seat-${seat}`, name: `seat-${seat}` },
        kinds.map(([value, text]) => h("option", { value, selected: value === (seat === 0 ? "me" : "medium") }, text)),
      ),
    ),
  );
}

/** After creating a game: my seat's page, or the invite page when there are links to send. */
function goToCreated(created, game, picks) {
  keepCreated(created);
  const mine = created.seats.filter((s) => picks[s.seat] === "me");
  for (const s of mine) holdSeat({ game_id: created.id, seat: s.seat, token: s.token, game, players: picks.length });
  const invited = created.seats.some((s) => picks[s.seat] === "human");
  if (!invited && mine.length === 1) location.assign(gameLink(created.id, mine[0].token));
  else location.assign(`/games/${created.id}/invite`);
}

/** The open games (a page at a time): games with an open seat nobody has taken yet, joined under the name
 * `name()` gives. */
async function showOpenGames(section, name, after = null) {
  const page = await api(`/api/games${after ? `?after=${encodeURIComponent(after)}` : ""}`);
  if (!page.games.length && !after) {
    section.append(h("p", { class: "muted" }, "No game is waiting for players."));
    return;
  }
  section.append(
    h(
      "ul",
      {},
      page.games.map((g) => openGameItem(g, name)),
    ),
  );
  if (page.next) {
    const more = h("button", { type: "button" }, "More open games");
    more.addEventListener("click", () => {
      more.remove();
      showOpenGames(section, name, page.next);
    });
    section.append(more);
  }
}

function openGameItem(g, name) {
  const present = (g.names ?? []).filter(Boolean); // who is in it already (open seats have no name yet)
  return h(
    "li",
    { class: "row", "data-game": g.id },
    `${title(g.game)}, ${g.players} players — ${g.free_seats.length} open seat(s)`,
    present.length ? h("span", { class: "muted" }, `with ${present.join(", ")}`) : null,
    h("button", { type: "button", onclick: () => join(g, name()) }, `Join ${title(g.game)} game`),
  );
}

async function join(g, name) {
  try {
    const seat = await api(`/api/games/${g.id}/join`, { method: "POST", body: name ? { name } : undefined });
    keepName(name);
    holdSeat({ game_id: g.id, seat: seat.seat, token: seat.token, game: g.game, players: g.players });
    location.assign(gameLink(g.id, seat.token));
  } catch (error) {
    toast(error.message);
  }
}

// ------------------------------------------------------------------ invite

function showInvite(id) {
  document.title = "Kleos — invite";
  const created = createdGame(id);
  if (!created) {
    mount(
      main,
      h(
        "div",
        { class: "panel" },
        h("h1", {}, "Invite links"),
        h(
          "p",
          {},
          "These links were shown in the tab that created the game. The host can get new links for " +
            "seats nobody has joined yet from the game page (Invite links).",
        ),
        h("a", { href: `/games/${id}` }, "Watch the game"),
      ),
    );
    return;
  }
  const held = new Set(
    heldSeats()
      .filter((s) => s.game_id === id)
      .map((s) => s.seat),
  );
  mount(
    main,
    h(
      "div",
      { class: "panel stack" },
      h("h1", {}, "Invite your friends"),
      h(
        "p",
        { class: "muted" },
        "Each link is one seat: send each friend their own. " +
          "Whoever holds a link plays that seat, so keep them private.",
      ),
      held.size
        ? h(
            "p",
            { class: "muted" },
            "Lost a link? Your game page's Invite links gives new ones for the seats nobody has joined yet.",
          )
        : null,
      created.seats.map((s) => inviteSeat(id, s, held.has(s.seat))),
      copyRow("spectator link", created.spectator_url),
    ),
  );
}

/** One seat of the invite page: my own seat's link, a friend's link to copy, an open seat, an AI. */
function inviteSeat(id, s, mine) {
  const name = `Seat ${s.seat + 1}`;
  if (mine) return h("div", {}, h("a", { href: gameLink(id, s.token) }, `Play seat ${s.seat + 1} (you)`));
  if (s.open) {
    const open = `${name}: open — anyone may join it from the home page's Open games.`;
    return h("p", { "data-open-seat": s.seat }, open);
  }
  if (s.url) return h("div", {}, copyRow(`seat ${s.seat + 1} link`, s.url));
  return h("p", {}, `${name}: AI (${s.kind})`);
}

// ------------------------------------------------------------------ my games

async function showMyGames() {
  document.title = "Kleos — my games";
  const held = heldSeats().slice(0, 40);
  const section = h("section", { class: "stack" }, h("h1", {}, "My games"));
  mount(main, section);
  if (!held.length) {
    section.append(
      h("p", { class: "muted" }, "This browser holds no seat yet. ", h("a", { href: "/" }, "Start a game")),
    );
    return;
  }
  const rows = await Promise.all(
    held.map(async (s) => {
      try {
        const env = await api(`/api/games/${s.game_id}`, { token: s.token });
        return { s, env, error: null };
      } catch (error) {
        return { s, env: null, error };
      }
    }),
  );
  const rank = ({ env }) => (!env ? 3 : env.is_terminal ? 2 : env.current_player === env.viewer ? 0 : 1);
  rows.sort((a, b) => rank(a) - rank(b) || b.s.at - a.s.at);
  // What each seat is called, from the envelope: "Alice (Red)".
  const named = (env) => ({ seats: env.seats, people: env.status.map((s) => s.name) });
  const describe = ({ env, error }) => {
    if (!env) return `unavailable: ${error.message}`;
    if (env.is_terminal) return "finished";
    return env.current_player === env.viewer ? "your turn" : `${seatName(named(env), env.current_player)} to play`;
  };
  section.append(
    h(
      "div",
      { class: "grid-games" },
      rows.map((row) =>
        h(
          "a",
          {
            class: "panel",
            href: gameLink(row.s.game_id, row.s.token),
            "data-state": rank(row) === 0 ? "my-turn" : "",
          },
          h("strong", {}, `${title(row.s.game)}, ${row.s.players} players`),
          h(
            "div",
            {},
            row.env ? `${seatName(named(row.env), row.s.seat)} — ` : `Seat ${row.s.seat + 1} — `,
            h("span", { class: rank(row) === 0 ? "turn mine" : "muted" }, describe(row)),
          ),
        ),
      ),
    ),
  );
}

// ------------------------------------------------------------------ routes

function route() {
  const path = location.pathname.replace(/\/+$/, "") || "/";
  if (path === "/") return showHome();
  if (path === "/my") return showMyGames();
  const invite = path.match(/^\/games\/([A-Za-z0-9]+)\/invite$/);
  if (invite) return showInvite(invite[1]);
  const game = path.match(/^\/games\/([A-Za-z0-9]+)$/);
  if (game) {
    const ctx = { toast, holdSeat, keepTabSeat, copyRow, lastName, keepName };
    return showGame(main, game[1], takeToken(game[1]), ctx);
  }
  mount(main, h("p", {}, "There is no such page. ", h("a", { href: "/" }, "Home")));
}

// A seat's link pasted over the same game's page changes only the fragment: open it afresh.
window.addEventListener("hashchange", () => {
  if (new URLSearchParams(location.hash.slice(1)).has("token")) location.reload();
});

setupTheme();
setupSound();
Promise.resolve(route()).catch((error) => {
  mount(
    main,
    h("div", { class: "panel" }, h("h1", {}, "Something went wrong"), h("p", { class: "error" }, error.message)),
  );
});
