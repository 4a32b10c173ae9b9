// The board of a game the client has no drawing of (a new game or a plugin): its view as
// plain tables, public part and the seat's own secrets; its choices stay the page's buttons.
import { h, mount, title } from "./ui.js";

/** A view value as text: lists joined, objects as "key: value" pairs, nothing as "—". */
function text(value) {
  if (value === null || value === undefined) return "—";
  if (Array.isArray(value)) {
    return value.length ? value.map(text).join(value.some(Array.isArray) ? " · " : ", ") : "—";
  }
  if (typeof value === "object")
    return Object.entries(value)
      .map(([k, v]) => `${k}: ${text(v)}`)
      .join("; ");
  return String(value);
}

function table(caption, data) {
  const rows = Object.entries(data ?? {});
  if (!rows.length) return null;
  return h(
    "table",
    { class: "panel" },
    h("caption", {}, caption),
    rows.map(([key, value]) =>
      h("tr", {}, h("th", { scope: "row" }, title(key.replaceAll("_", " "))), h("td", {}, text(value))),
    ),
  );
}

/** Draw the view into `root`; nothing on it is clickable (every choice is a button). */
export function render(root, info, env, ctx) {
  const secrets = ctx.replay ? null : table("Only you see", env.private);
  mount(root, h("div", { class: "stack" }, table(info.title, env.public), secrets));
  return new Set();
}
