// Why not: tapping (or hovering, with a mouse) an element of the board that cannot be chosen
// asks the server what may be done with it, or why nothing (the engine's `explain_target`), and
// says it in a bubble beside it. The board gives its elements `data-target`; nothing here knows
// a game.
import { api } from "./api.js";
import { h } from "./ui.js";

const HOVER_DELAY_MS = 450;
const tip = h("div", { class: "why-tip", popover: "manual", role: "status", "aria-live": "polite" });
/** @type {WeakMap<Element, {gameId: string, token: string | null, stateId: number}>} */
const boards = new WeakMap();
/** @type {Map<string, string>} answers by state id and target */
const answers = new Map();
/** @type {ReturnType<typeof setTimeout> | undefined} */
let hoverTimer;

/** The element of the board a pointer event is about, unless it is (or is inside) a choice. */
function pointedAt(event) {
  if (!(event.target instanceof Element)) return null;
  if (event.target.closest("button, a, input, .legal, [role=button]")) return null;
  return event.target.closest("[data-target]");
}

async function explain(element, board) {
  const ask = boards.get(board);
  const target = element.getAttribute("data-target");
  if (!ask || !target) return;
  const key = `${ask.stateId} ${target}`;
  if (!answers.has(key)) {
    const query = `/api/games/${ask.gameId}/why?target=${encodeURIComponent(target)}`;
    try {
      answers.set(key, (await api(query, { token: ask.token })).text);
    } catch (error) {
      answers.set(key, error instanceof Error ? error.message : String(error));
    }
  }
  // An answer that arrives after a move redrew the board tells of a state that has passed.
  if (boards.get(board)?.stateId !== ask.stateId || !element.isConnected) return;
  show(element, answers.get(key) ?? "");
}

/** What the element itself is, as its title says it (a card's full text, a site's tokens, a
 * token's name), so that a tap on a phone, which has no hover, tells it too. */
function described(element) {
  const own =
    element.querySelector(":scope > title")?.textContent ??
    element.getAttribute("title") ??
    element.querySelector(":scope > [title]")?.getAttribute("title");
  return own ? own.trim() : null;
}

function show(element, text) {
  const what = described(element);
  const why = text.charAt(0).toUpperCase() + text.slice(1);
  tip.replaceChildren(...(what ? [h("strong", { class: "why-what" }, what), h("br", {})] : []), why);
  if (!tip.isConnected) document.body.append(tip);
  tip.showPopover?.();
  tip.classList.add("shown");
  const anchor = element.getBoundingClientRect();
  const margin = 6;
  const left = Math.max(margin, Math.min(anchor.left, window.innerWidth - tip.offsetWidth - margin));
  const below = anchor.bottom + margin + tip.offsetHeight <= window.innerHeight;
  tip.style.left = `${left}px`;
  tip.style.top = `${below ? anchor.bottom + margin : Math.max(margin, anchor.top - tip.offsetHeight - margin)}px`;
}

export function hideWhy() {
  clearTimeout(hoverTimer);
  if (!tip.classList.contains("shown")) return;
  tip.classList.remove("shown");
  tip.hidePopover?.();
}

/** Let the board in `root` say why its elements cannot be chosen: call after every drawing,
 * with the game, my token (null: a spectator) and the state drawn. */
export function explainOnBoard(root, gameId, token, stateId) {
  const known = boards.has(root);
  boards.set(root, { gameId, token, stateId });
  if (known) return;
  root.addEventListener("click", (event) => {
    const element = pointedAt(event);
    if (element) explain(element, root);
  });
  root.addEventListener("pointerover", (event) => {
    if (event.pointerType !== "mouse") return; // a touch has no hover: its tap is a click
    const element = pointedAt(event);
    clearTimeout(hoverTimer);
    if (element) hoverTimer = setTimeout(() => explain(element, root), HOVER_DELAY_MS);
    else hideWhy();
  });
  root.addEventListener("pointerleave", hideWhy);
}

document.addEventListener("keydown", (event) => {
  if (event.key === "Escape") hideWhy();
});
document.addEventListener("pointerdown", (event) => {
  const inside = event.target instanceof Element && event.target.closest("[data-target], .why-tip");
  if (!inside) hideWhy();
});
