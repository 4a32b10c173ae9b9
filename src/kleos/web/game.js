// The game page: the board, whose turn it is, the choices, the players, the log; live over a
// WebSocket. A finished game shows its result, replay and analysis (replay.js).
import { api, connect } from "./api.js";
import { chatPanel } from "./chat.js";
import { rulesLink } from "./glossary.js";
import { hintPanel } from "./hint.js";
import { showFinished } from "./replay.js";
import { invitePanel, nameForm, seatStatus } from "./people.js";
import { lastMoveMarks, sinceMyTurn, sincePanel } from "./recent.js";
import { logItem } from "./story.js";
import { timerPanel } from "./timer.js";
import { explainOnBoard, hideWhy } from "./whynot.js";
import { h, mount, seatBadge, seatName } from "./ui.js";
import { draw, h as v } from "./vdom.js";

const BOARDS = { ilium: () => import("./ilium.js"), elysium: () => import("./elysium.js") };

/** The board module of a game: `render(root, info, env, ctx)` returns the ids it made clickable.
 * A game the client has no drawing of gets the generic one: its view as tables. */
async function boardFor(info) {
  return (BOARDS[info.game] ?? (() => import("./generic.js")))();
}

export async function showGame(main, id, token, { toast, holdSeat, keepTabSeat, ...people }) {
  let info;
  let env;
  try {
    [info, env] = await Promise.all([api(`/api/games/${id}/info`), api(`/api/games/${id}`, { token })]);
  } catch (error) {
    mount(
      main,
      h(
        "div",
        { class: "panel" },
        h("h1", {}, "This game cannot be opened"),
        h("p", { class: "error" }, error.message),
        token && error.status === 403
          ? h("p", {}, "The host may have replaced this invite link with a new one: ask them for it.")
          : null,
        h("a", { href: "/" }, "Home"),
      ),
    );
    return;
  }
  info.people = env.status.map((s) => s.name); // what the seats are called (seatName), kept up to date
  if (token && env.viewer !== null) {
    holdSeat({ game_id: id, seat: env.viewer, token, game: info.game, players: info.players });
    keepTabSeat(id, token);
  }
  const board = await boardFor(info);
  if (env.is_terminal) {
    await showFinished(main, info, env, board, token);
    return;
  }
  const page = new LivePage(main, info, env, board, token, toast, people);
  await page.start();
}

const FEW_CHOICES = 6;

class LivePage {
  constructor(main, info, env, board, token, toast, people) {
    this.main = main;
    this.info = info;
    this.env = env;
    this.board = board;
    this.token = token;
    this.toast = toast;
    this.log = new Map();
    /** @type {Set<number>} the moves whose mark on the board has been animated */
    this.animated = new Set();
    this.received = Promise.resolve();
    this.waiting = false;
    this.wasMyTurn = false;
    this.boardRoot = h("div", { class: "board" });
    this.turnRoot = h("section", { class: "panel turn-panel", "aria-labelledby": "turn-title", "aria-live": "polite" });
    this.playersRoot = h("section", { class: "panel", "aria-labelledby": "players-title" });
    this.logList = h("ol", { class: "log", "aria-label": "Moves" });
    this.connection = h("p", { class: "muted", role: "status" });
    this.heading = h("h1", {});
    this.asideRoot = h("div", { class: "board-aside" });
    this.nameForm = token ? nameForm(env.id, token, people) : null;
    this.invites = token ? invitePanel(info, env.id, token, { ...people, toast }) : null;
    this.timer = timerPanel(info, this.logList);
    this.hint = token ? hintPanel(env.id, token) : null;
    this.chat = chatPanel(info, env.id, token);
    const logRoot = h(
      "section",
      { class: "panel", "aria-labelledby": "log-title" },
      h("h2", { id: "log-title" }, "Log"),
      this.logList,
    );
    mount(
      main,
      this.heading,
      h("p", { class: "rules-line" }, rulesLink(info)),
      h(
        "div",
        { class: "game live" },
        this.turnRoot,
        this.boardRoot,
        h(
          "div",
          { class: "side" },
          this.asideRoot,
          this.nameForm?.root,
          this.invites?.root,
          this.timer.root,
          this.hint?.root,
          this.playersRoot,
          logRoot,
          this.chat.root,
          this.connection,
        ),
      ),
    );
  }

  async start() {
    this.addMoves(await api(`/api/games/${this.env.id}/log`, { token: this.token }));
    this.draw();
    this.live = connect(this.env.id, this.token, {
      // One envelope at a time, in order: the last one to arrive is the one shown.
      onEnvelope: (env) => {
        this.received = this.received.then(() => this.receive(env)).catch((error) => this.toast(error.message));
      },
      onError: (message) => {
        this.waiting = false;
        this.toast(message.error);
        this.draw();
      },
      onChat: (message) => this.chat.receive(message),
      onState: (state) => {
        if (state === "connected") this.chat.load().catch((error) => this.toast(error.message));
        this.connection.textContent =
          state === "connected"
            ? ""
            : state === "refused"
              ? "This link is no longer valid."
              : "Connection lost — reconnecting…";
      },
    });
  }

  async receive(env) {
    if (this.finished) return;
    // A seat's connection is a spectator's until the server has read its hello: the seat's
    // own envelope follows at once, so a spectator's is not drawn over the seat's page.
    // (A seat an AI plays now — handed over, or out of time — is watched as a spectator.)
    const handedOver = this.env.viewer !== null && env.status[this.env.viewer]?.kind === "ai";
    if (this.token && env.viewer === null && this.env.viewer !== null && !handedOver) return;
    this.info.people = env.status.map((s) => s.name);
    if (env.is_terminal) {
      // Straight to the finished game's page: what the end reveals is shown only there.
      this.finished = true;
      this.live.close();
      await showFinished(this.main, this.info, env, this.board, this.token);
      return;
    }
    const known = this.log.size;
    const first = env.recent[0]?.state_id ?? known;
    if (first > known) {
      this.addMoves(await api(`/api/games/${env.id}/log?since=${known}`, { token: this.token }));
    }
    this.addMoves(env.recent);
    this.env = env;
    this.waiting = false;
    this.draw();
  }

  addMoves(moves) {
    const fresh = moves.filter((m) => !this.log.has(m.state_id));
    for (const move of moves) this.log.set(move.state_id, move);
    for (const move of fresh.sort((a, b) => a.state_id - b.state_id)) this.logList.append(logItem(this.info, move));
    this.logList.scrollTop = this.logList.scrollHeight;
  }

  choose(actionId) {
    if (this.waiting) return;
    if (this.live.act(this.env.state_id, actionId)) {
      this.waiting = true;
      this.draw();
    } else {
      this.toast("Not connected — wait a moment and try again.");
    }
  }

  draw() {
    const { info, env } = this;
    const mine = env.viewer !== null && env.current_player === env.viewer && !this.waiting && !env.abandoned;
    const moves = sinceMyTurn(
      [...this.log.values()].sort((a, b) => a.state_id - b.state_id),
      env.viewer,
    );
    const marks = lastMoveMarks(info, moves, this.animated);
    const ctx = { choose: (id) => this.choose(id), replay: false, aside: this.asideRoot, marks };
    const shown = mine ? env : { ...env, legal_actions: [] };
    const handled = this.board.render(this.boardRoot, info, shown, ctx);
    hideWhy(); // its element may have been drawn anew
    explainOnBoard(this.boardRoot, env.id, this.token, env.state_id);
    // The choices the board does not show, and every choice of a small decision (a steal, a
    // copy, a payment): they sit under the prompt, wherever their elements are on the board.
    const legal = shown.legal_actions ?? [];
    const rest = legal.length <= FEW_CHOICES ? legal : legal.filter((c) => !handled.has(c.id));
    const hint = mine ? this.board.explain?.(info, env) : null;
    // The panels are virtual trees, diffed into the page: a redraw keeps the focus on a choice.
    this.turnRoot.dataset.decision = env.decision?.kind ?? "over";
    draw(
      this.turnRoot,
      v("h2", { id: "turn-title" }, "Turn"),
      v(
        "p",
        { class: `turn${mine ? " mine" : ""}`, "data-turn": mine ? "mine" : "other" },
        mine ? "Your turn" : othersTurn(info, env, this.waiting),
      ),
      env.decision ? v("p", {}, env.decision.prompt) : null,
      hint ? v("p", { class: "muted" }, hint) : null,
      mine && legal.length === 1 ? v("p", { class: "forced" }, `You have one choice only: ${legal[0].label}.`) : null,
      rest.length
        ? v(
            "div",
            { class: "choices", role: "group", "aria-label": "Your choices" },
            rest.map((c) => choiceButton(c, ctx.choose)),
          )
        : null,
      sincePanel(info, moves, env.viewer),
    );
    draw(this.playersRoot, v("h2", { id: "players-title" }, "Players"), players(info, env));
    mount(
      this.heading,
      `${info.title}, ${info.players} players`,
      env.viewer === null ? " — watching" : ` — you are ${seatName(info, env.viewer)}`,
    );
    this.nameForm?.update(env);
    this.invites?.update(env);
    this.timer.update(env);
    this.hint?.update(env);
    document.title = `${mine ? "● Your turn — " : ""}${info.title} — Kleos`;
    if (mine && !this.wasMyTurn) ping();
    this.wasMyTurn = mine;
  }
}

/** Whose turn it is, in words, when it is not mine (or that the game was abandoned on a timeout). */
function othersTurn(info, env, waiting) {
  if (env.abandoned) return "The game was abandoned.";
  if (waiting) return "Sending…";
  const current = env.status[env.current_player]?.status;
  const words = current === "thinking" ? " is thinking…" : current === "left" ? " to play — not here now" : " to play";
  return [seatBadge(info, env.current_player, "", v), words];
}

/** A button that makes a move: its accessible name is the action's label. */
function choiceButton(choice, choose) {
  const attrs = { key: choice.id, class: "choice", type: "button", "data-action": choice.text };
  return v("button", { ...attrs, onclick: () => choose(choice.id) }, choice.label);
}

/** Each seat: who plays it, its figures and whether its player is here. */
function players(info, env) {
  const rows = env.seats.map((seat) => {
    const status = env.status[seat.seat];
    return v(
      "li",
      { key: seat.seat, class: seat.seat === env.current_player ? "now" : "" },
      v(
        "span",
        {},
        seatBadge(info, seat.seat, "", v),
        seat.seat === env.viewer ? " (you)" : "",
        status.host ? " · host" : "",
        status.name === "AI" ? ` · ${status.agent}` : "", // an agent spec, not a level
        status.timed_out ? " · ran out of time" : "",
      ),
      v("span", {}, summary(info, seat), " · ", seatStatus(status, v)),
    );
  });
  return v("ul", { class: "players" }, rows);
}

/** A seat's public figures in the game's words ("5 gold · 3 VP"): those its static info lists,
 * else every number the envelope gives. */
function summary(info, seat) {
  const figures =
    info.data.figures ??
    Object.keys(seat)
      .filter((key) => !["seat", "name", "colour"].includes(key) && typeof seat[key] === "number")
      .map((key) => ({ key, label: key.replaceAll("_", " ") }));
  return figures
    .filter((f) => typeof seat[f.key] === "number")
    .map((f) => `${seat[f.key]} ${f.label}`)
    .join(" · ");
}

let audio = null;
/** A short tone when it becomes my turn, if sound is on. */
function ping() {
  if (localStorage.getItem("kleos.sound") !== "on") return;
  try {
    audio ??= new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.3);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.3);
  } catch {
    // No audio here: the title still says it is my turn.
  }
}
