// The boards are drawn as a tree of virtual elements that Preact (vendor/preact.js, pinned in
// package.json) diffs into the page: a redraw changes only what changed, so the keyboard focus,
// the scroll of a frame and an element's state survive it. `h` builds HTML and SVG alike (an
// <svg> puts its children in the SVG namespace); attributes and `on…` handlers as props.
import { Fragment, h as element, render } from "./vendor/preact.js";

/** A virtual element: h("g", {class: "x", onclick: f}, child, …).
 * @type {(type: string, props?: Record<string, unknown> | null, ...children: unknown[]) => any} */
export const h = /** @type {any} */ (element);

/** Draw `tree` (a virtual element, or a list of them) into `root`, diffed against its last
 * drawing there. */
export function draw(root, ...tree) {
  render(element(Fragment, null, ...tree), root);
}

/** A virtual element that holds a real one, built once by `make()` (a widget with listeners of
 * its own, such as a glossary term): redraws keep it as it is.
 * @param {string} key what tells it apart from its siblings
 * @param {() => Node} make
 */
export function foreign(key, make) {
  const keep = (/** @type {Element | null} */ host) => {
    if (host && !host.firstChild) host.append(make());
  };
  return h("span", { key, class: "foreign", ref: keep });
}
