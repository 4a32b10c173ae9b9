// The Hint button of the game page: when it is my decision and every other seat is an AI, the server's search
// judges each option (as `hint` does in the terminal) and the page lists them, best first.
import { api } from "./api.js";
import { h, mount } from "./ui.js";

const SHOWN = 12;

/** Whether a seat may ask for a hint now: its own decision, every other seat an AI. */
export function canHint(env) {
  return (
    env.viewer !== null &&
    env.current_player === env.viewer &&
    !env.abandoned &&
    env.legal_actions.length > 0 &&
    env.status.every((s) => s.seat === env.viewer || s.kind === "ai")
  );
}

/**
 * The hint panel of a seat's page.
 * @param {string} id the game's id
 * @param {string} token my seat's token
 */
export function hintPanel(id, token) {
  const button = h("button", { type: "button" }, "Hint");
  const list = h("ol", { class: "hint-list", "aria-label": "The search's opinion of each option" });
  const note = h("p", { class: "muted", role: "status" });
  const root = h(
    "section",
    { class: "panel hint-panel", "aria-labelledby": "hint-title", hidden: true },
    h("h2", { id: "hint-title" }, "Hint"),
    h("p", { class: "muted" }, "Ask the search what it thinks of each of your options."),
    button,
    note,
    list,
  );
  let stateId = null;
  let shownFor = null;

  button.addEventListener("click", async () => {
    const asked = stateId;
    button.disabled = true;
    note.textContent = "The search is thinking…";
    try {
      const hint = await api(`/api/games/${id}/hint`, { method: "POST", body: { token, state_id: asked } });
      if (hint.state_id !== stateId) return; // the game moved on meanwhile
      shownFor = hint.state_id;
      const rest = hint.options.length - SHOWN;
      const hidden = rest > 0 ? `; ${rest} less tried not shown` : "";
      note.textContent = `${hint.iterations} iterations of the search${hidden}.`;
      mount(
        list,
        hint.options
          .slice(0, SHOWN)
          .map((o) =>
            h(
              "li",
              { class: "hint-option", "data-option": o.text },
              h("span", { class: "hint-label" }, o.label),
              h("span", { class: "hint-figures" }, `${Math.round(o.win_rate * 100)}% wins · ${o.visits} visits`),
            ),
          ),
      );
    } catch (failure) {
      note.textContent = failure.message;
    } finally {
      button.disabled = false;
    }
  });

  return {
    root,
    /** Shown on my decision when every other seat is an AI; a hint of an earlier decision goes. */
    update(env) {
      root.hidden = !canHint(env);
      stateId = env.state_id;
      if (shownFor !== null && shownFor !== stateId) {
        shownFor = null;
        mount(list);
        note.textContent = "";
      }
    },
  };
}
