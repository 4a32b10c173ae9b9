// Small DOM helpers shared by every page: element builders and formatting. No rules live here.

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(node, attrs, children) {
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") {
      node.addEventListener(name.slice(2), value);
    } else if (name === "dataset") {
      Object.assign(node.dataset, value);
    } else {
      node.setAttribute(name, value === true ? "" : String(value));
    }
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** An HTML element: h("button", {class: "x", onclick: f}, "text", child, ...). */
export function h(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** An SVG element, built like `h`. */
export function svg(tag, attrs, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** Replace everything inside `root` with `children`. */
export function mount(root, ...children) {
  root.replaceChildren(...children.flat(Infinity).filter((c) => c !== null && c !== undefined));
  return root;
}

/** What a seat is called: "Alice (Red)" once the envelopes have told its player's display name (or an AI's
 * level, "hard AI") in `info.people`, else its colour's name ("Red"). Always text, never markup. */
export function seatName(info, seat) {
  const colour = info.seats[seat]?.name ?? `Seat ${seat + 1}`;
  const person = info.people?.[seat];
  return person && person !== colour ? `${person} (${colour})` : colour;
}

export function seatColour(info, seat) {
  return info.seats[seat]?.colour ?? "grey";
}

/** A coloured badge naming a seat (`make`: the element builder, `vdom.js`'s for a board). */
export function seatBadge(info, seat, extra = "", make = h) {
  return make("span", { class: `seat seat-${seatColour(info, seat)}` }, seatName(info, seat), extra);
}

/** "1st", "2nd", ... */
export function ordinal(n) {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" }[n % 10] ?? "th");
  return `${n}${suffix}`;
}

/** Capitalise the first letter. */
export function title(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}
