// The words of a game's rules, explained where they are used: `term()` makes a word a button whose
// bubble gives its definition on hover, keyboard focus or a tap, with a link to its entry on the
// game's rules page (/rules/GAME#term-ID). The words are the game's own (`static_info().glossary`).
import { h } from "./ui.js";

/** @typedef {{term: string, definition: string}} Entry */
/** @typedef {{game: string, title?: string, glossary?: Record<string, Entry>}} Info */
/** @typedef {{close: () => void, place: () => void, wrap: HTMLElement}} Shown */

const HIDE_DELAY_MS = 150;
let made = 0;
/** @type {Set<Shown>} */
const shown = new Set();

/** The address of a game's rules page, or of one glossary entry on it. */
export function rulesHref(/** @type {string} */ game, /** @type {string | null} */ id = null) {
  return `/rules/${encodeURIComponent(game)}${id ? `#term-${id}` : ""}`;
}

/** A link to the game's rules, opened in a new tab so that the game stays as it is; null for a
 * game that brings no help (its rules text and glossary come together: kleos.core.help). */
export function rulesLink(/** @type {Info} */ info) {
  if (!Object.keys(info.glossary ?? {}).length) return null;
  return h(
    "a",
    { class: "rules-link", href: rulesHref(info.game), target: "_blank", rel: "noopener" },
    `Rules of ${info.title ?? info.game}`,
  );
}

/**
 * A glossary term of the game: `text` (by default the term as the rules write it) as a button
 * whose bubble shows the definition while the pointer is over it or it has the keyboard focus,
 * and stays open after a click or a tap until the next one (or Escape, or a tap elsewhere).
 * The definition is also the button's accessible description. An id the glossary does not have
 * gives the plain text.
 * @param {Info} info the game's static info
 * @param {string} id the entry's id in the glossary ("excavation", "value-4-token")
 * @param {string | null} [text] the words shown, if not the term itself
 * @returns {HTMLElement | Text}
 */
export function term(info, id, text = null) {
  const entry = info.glossary?.[id];
  if (!entry) return document.createTextNode(text ?? id);
  made += 1;
  const definitionId = `term-definition-${made}`;
  const button = h(
    "button",
    { type: "button", class: "term", "data-term": id, "aria-describedby": definitionId, "aria-expanded": "false" },
    text ?? entry.term,
  );
  const tip = h(
    "span",
    { class: "term-tip", popover: "manual", "data-term-tip": id },
    h("strong", {}, entry.term),
    " ",
    h("span", { id: definitionId }, entry.definition),
    " ",
    h("a", { href: rulesHref(info.game, id), target: "_blank", rel: "noopener" }, "In the rules"),
  );
  const wrap = h("span", { class: "term-wrap" }, button, tip);
  const state = { pinned: false, hovered: false, focused: false };
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  /** @type {Shown} */
  const self = {
    wrap,
    close() {
      Object.assign(state, { pinned: false, hovered: false, focused: false });
      update();
    },
    place() {
      const anchor = button.getBoundingClientRect();
      const margin = 6;
      const width = tip.offsetWidth;
      const height = tip.offsetHeight;
      const below = anchor.bottom + margin + height <= window.innerHeight || anchor.top < height + margin;
      const left = Math.max(margin, Math.min(anchor.left, window.innerWidth - width - margin));
      tip.style.left = `${left}px`;
      tip.style.top = `${below ? anchor.bottom + margin : anchor.top - height - margin}px`;
    },
  };
  function update() {
    const visible = state.pinned || state.hovered || state.focused;
    if (visible === tip.classList.contains("shown")) return;
    tip.classList.toggle("shown", visible);
    button.setAttribute("aria-expanded", String(visible));
    if (tip.showPopover && tip.isConnected) {
      if (visible) tip.showPopover();
      else tip.hidePopover();
    }
    if (visible) {
      shown.add(self);
      self.place();
    } else {
      shown.delete(self);
    }
  }
  /** @param {PointerEvent} event */
  const byMouse = (event) => event.pointerType === "mouse" || event.pointerType === "pen";
  wrap.addEventListener("pointerenter", (event) => {
    if (!byMouse(event)) return; // a touch has no hover: its tap is a click
    clearTimeout(timer);
    state.hovered = true;
    update();
  });
  wrap.addEventListener("pointerleave", (event) => {
    if (!byMouse(event)) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      state.hovered = false;
      update();
    }, HIDE_DELAY_MS); // time to cross from the word to its bubble and reach the link
  });
  wrap.addEventListener("focusin", () => {
    state.focused = true;
    update();
  });
  wrap.addEventListener("focusout", (event) => {
    state.focused = event.relatedTarget instanceof Node && wrap.contains(event.relatedTarget);
    update();
  });
  button.addEventListener("click", () => {
    if (state.pinned) self.close();
    else {
      state.pinned = true;
      update();
    }
  });
  return wrap;
}

// One set of listeners for every term: Escape or a tap elsewhere closes the bubbles; they follow
// their words when the page scrolls.
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape") for (const open of [...shown]) open.close();
});
document.addEventListener("pointerdown", (event) => {
  for (const open of [...shown]) {
    if (!(event.target instanceof Node && open.wrap.contains(event.target))) open.close();
  }
});
for (const kind of ["scroll", "resize"]) {
  window.addEventListener(
    kind,
    () => {
      for (const open of [...shown]) {
        if (open.wrap.isConnected) open.place();
        else shown.delete(open);
      }
    },
    { passive: true, capture: true },
  );
}
