// The move timer on the game page: how long the pending decision has left, counted down from the server's deadline
// and time (so this computer's clock does not matter), what happens when time runs out, and who ran out of time —
// in the panel and in the log.
import { h, mount, seatName } from "./ui.js";

/** A timer's rule in words: "30 s a move; then easy AI plays the seat". */
export function timerRule(timer) {
  const each =
    timer.mode === "live" ? `${timer.seconds} s a move` : `${timer.days} day${timer.days === 1 ? "" : "s"} a move`;
  const then =
    timer.on_timeout === "abandon"
      ? "when time runs out, the game is abandoned"
      : `when time runs out, ${timer.on_timeout.replace(/^ai:/, "")} AI plays the seat`;
  return `${title(timer.mode)} game: ${each}; ${then}.`;
}

function title(text) {
  return text[0].toUpperCase() + text.slice(1);
}

/** Time left in words: "0:42", "1:05:09", "2 days 3 h". */
export function timeLeft(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(seconds / 86400);
  const hours = Math.floor((seconds % 86400) / 3600);
  if (days) return `${days} day${days === 1 ? "" : "s"} ${hours} h`;
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

/**
 * The timer panel, shown in a timed game (or one where a seat ran out of time). Each timeout is also added to the
 * log (`logList`) once.
 * @param {any} info the game's static info
 * @param {HTMLElement} logList the page's log
 */
export function timerPanel(info, logList) {
  const rule = h("p", { class: "muted" });
  const countdown = h("p", { class: "countdown", role: "timer", "aria-live": "off" });
  const notices = h("ul", { class: "timeouts" });
  const root = h(
    "section",
    { class: "panel timer-panel", "aria-labelledby": "timer-title", hidden: true },
    h("h2", { id: "timer-title" }, "Move timer"),
    rule,
    countdown,
    notices,
  );
  const logged = new Set();
  /** @type {{ at: number, seat: number, viewer: number | null, live: boolean } | null} */
  let pending = null;
  let abandoned = false;

  function tick() {
    if (!root.isConnected) {
      clearInterval(timer);
      return;
    }
    if (abandoned) {
      countdown.textContent = "The game was abandoned.";
      countdown.className = "countdown over";
      return;
    }
    if (!pending) {
      countdown.textContent = "";
      return;
    }
    const left = pending.at - Date.now();
    const who = pending.seat === pending.viewer ? "You have" : `${seatName(info, pending.seat)} has`;
    countdown.textContent = left > 0 ? `${who} ${timeLeft(left)} left` : "Time is up.";
    countdown.className = `countdown${pending.live && left < 10_000 ? " low" : ""}`;
    countdown.dataset.seat = String(pending.seat);
  }
  const timer = setInterval(tick, 1000);

  return {
    root,
    /** Follow an envelope: its deadline (against the server's time), the timeouts so far. */
    update(env) {
      root.hidden = !env.timer && !env.timeouts?.length;
      if (root.hidden) return;
      if (env.timer) rule.textContent = timerRule(env.timer);
      abandoned = Boolean(env.abandoned);
      pending =
        env.deadline && env.current_player !== null
          ? {
              at: Date.now() + (Date.parse(env.deadline) - Date.parse(env.now)),
              seat: env.current_player,
              viewer: env.viewer,
              live: env.timer?.mode === "live",
            }
          : null;
      mount(
        notices,
        env.timeouts.map((t) => h("li", { class: "timeout", "data-seat": t.seat }, t.text)),
      );
      for (const t of env.timeouts) {
        if (logged.has(t.seat)) continue;
        logged.add(t.seat);
        logList.append(h("li", { class: "log-timeout", "data-seat": t.seat }, t.text));
      }
      tick();
    },
  };
}

const LENGTHS = {
  live: { field: "seconds", unit: "seconds", min: 10, max: 3600, value: 60 },
  correspondence: { field: "days", unit: "days", min: 1, max: 14, value: 3 },
};

/**
 * The new-game form's move timer: none, live (seconds a move) or correspondence (days a move), and what happens
 * when time runs out (an AI level takes the seat, or the game is abandoned).
 * @param {string[]} levels the AI levels a seat may be handed to
 * @returns {{ root: HTMLElement, value: () => any }} `value()` is the timer as `POST /api/games` takes it, or null
 */
export function timerFields(levels) {
  const mode = h(
    "select",
    { id: "timer-mode", name: "timer-mode" },
    h("option", { value: "none" }, "No timer"),
    h("option", { value: "live" }, "Live: seconds a move"),
    h("option", { value: "correspondence" }, "Correspondence: days a move"),
  );
  const amount = h("input", { type: "number", id: "timer-amount", name: "timer-amount", step: 1 });
  const unit = h("label", { for: "timer-amount" }, "Time a move");
  const timeout = h(
    "select",
    { id: "timer-timeout", name: "timer-timeout" },
    levels.map((level) =>
      h("option", { value: `ai:${level}`, selected: level === "medium" }, `${level} AI plays the seat`),
    ),
    h("option", { value: "abandon" }, "the game is abandoned"),
  );
  const details = h(
    "div",
    { class: "row", hidden: true },
    unit,
    amount,
    h("label", { for: "timer-timeout" }, "When time runs out"),
    timeout,
  );
  mode.addEventListener("change", () => {
    const length = LENGTHS[mode.value];
    details.hidden = !length;
    if (!length) return;
    Object.assign(amount, { min: length.min, max: length.max, value: length.value });
    unit.textContent = `Time a move (${length.unit}, ${length.min}–${length.max})`;
  });
  const root = h(
    "fieldset",
    { class: "timer-fields" },
    h("legend", {}, "Move timer"),
    h("div", { class: "row" }, h("label", { for: "timer-mode" }, "Timer"), mode),
    details,
  );
  return {
    root,
    value() {
      const length = LENGTHS[mode.value];
      if (!length) return null;
      return { mode: mode.value, [length.field]: Number(amount.value), on_timeout: timeout.value };
    },
  };
}
