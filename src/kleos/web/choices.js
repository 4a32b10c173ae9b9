// The legal actions of an envelope by the element they are played on (their `target`), so that
// a board looks its elements up and knows no action kind.

/**
 * @typedef {{id: number, text: string, label: string, short: string, target: string | null,
 *   action: {kind: string}}} Choice
 */

/** The choices of `env` by target ("space:p12:3" → [choices]); none in a replay.
 * @param {{legal_actions?: Choice[]}} env
 * @returns {Map<string, Choice[]>}
 */
export function byTarget(env, replay = false) {
  const map = new Map();
  for (const choice of replay ? [] : (env.legal_actions ?? [])) {
    if (choice.target !== null) map.set(choice.target, [...(map.get(choice.target) ?? []), choice]);
  }
  return map;
}

/** Make an SVG element the button of a choice: focusable, named, Enter or Space to choose.
 * @param {SVGElement} node
 * @param {Choice} choice
 * @param {{choose: (id: number) => void}} ctx
 * @param {Set<number>} handled the ids made clickable so far
 */
export function clickable(node, choice, ctx, handled) {
  handled.add(choice.id);
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", choice.label);
  node.dataset.action = choice.text;
  node.classList.add("legal");
  const go = () => ctx.choose(choice.id);
  node.addEventListener("click", go);
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      go();
    }
  });
}
