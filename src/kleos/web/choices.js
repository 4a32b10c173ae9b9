// The legal actions of an envelope by the element they are played on (their `target`), so that
// a board looks its elements up and knows no action kind; and the props that make an element of
// a board the button of a choice, or mark it as the last move of a player.

/**
 * The view envelope, as its JSON Schema (src/kleos/core/data/envelope.schema.json) declares it
 * (types/envelope.d.ts is generated from it by `make lint`); a board reads its game's own
 * `public` and `private` parts.
 * @typedef {import("./types/envelope").KleosViewEnvelope} Envelope
 * @typedef {Envelope & {public: any, private: any}} BoardEnvelope
 * @typedef {NonNullable<Envelope["legal_actions"]>[number]} Choice
 * @typedef {{player: number, colour: string, fresh: boolean}} Mark
 * @typedef {{choose: (id: number) => void, replay?: boolean, marks?: Map<string, Mark>,
 *   aside?: Element, privates?: object[]}} Ctx
 */

/** The choices of `env` by target ("space:p12:3" → [choices]); none in a replay.
 * @param {Envelope} env
 * @returns {Map<string, Choice[]>}
 */
export function byTarget(env, replay = false) {
  const map = new Map();
  for (const choice of replay ? [] : (env.legal_actions ?? [])) {
    if (choice.target !== null) map.set(choice.target, [...(map.get(choice.target) ?? []), choice]);
  }
  return map;
}

/** Props that make an SVG element the button of a choice: focusable, named, clicked or
 * Enter/Space to choose; its id joins `handled`.
 * @param {Choice} choice
 * @param {Ctx} ctx
 * @param {Set<number>} handled the ids made clickable so far
 */
export function choiceProps(choice, ctx, handled) {
  handled.add(choice.id);
  const go = () => ctx.choose(choice.id);
  return {
    tabindex: "0",
    role: "button",
    "aria-label": choice.label,
    "data-action": choice.text,
    onclick: go,
    /** @param {KeyboardEvent} event */
    onkeydown: (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        go();
      }
    },
  };
}

/** The class names and attributes of the element `key` names: its target, and the mark of the
 * last move played on it (`ctx.marks`), pulsing when new.
 * @param {Ctx} ctx
 * @param {string} key
 * @param {string} cls the element's own classes
 */
export function targetProps(ctx, key, cls) {
  const mark = ctx.marks?.get(key);
  if (!mark) return { class: cls, "data-target": key };
  const marked = `${cls} last-move last-by-${mark.colour}${mark.fresh ? " last-move-new" : ""}`;
  return { class: marked, "data-target": key, "data-last-move": String(mark.player) };
}
