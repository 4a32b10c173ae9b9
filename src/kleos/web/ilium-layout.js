// The Ilium board's geometry, computed once per board file from its coordinates alone: where
// every site, space, token stock, site name and path label goes, placed so that no token or
// label covers a site, a space or another label. Pure arithmetic: no DOM, no rule.

export const SCALE = 10;
export const SITE_R = 36;
export const SPACE_R = 17;
export const TOKEN_W = 28;
export const TOKEN_H = 36;
const GAP = 4;
const NAME_FONT = 15;
const PATH_FONT = 12;
const CHAR_W = 0.56; // an average character's width, in font sizes
const PAD = 16;
const FURTHER = 12; // how much further out each next try around a site goes

/** @typedef {{x: number, y: number, w: number, h: number}} Box  (x, y: the centre) */
/** @typedef {{x: number, y: number, r: number}} Circle */

/** @param {Box} box @param {Circle} c */
function boxHitsCircle(box, c) {
  const dx = Math.max(Math.abs(c.x - box.x) - box.w / 2, 0);
  const dy = Math.max(Math.abs(c.y - box.y) - box.h / 2, 0);
  return dx * dx + dy * dy < c.r * c.r;
}

/** @param {Box} a @param {Box} b */
function boxesOverlap(a, b) {
  return Math.abs(a.x - b.x) * 2 < a.w + b.w + 2 * GAP && Math.abs(a.y - b.y) * 2 < a.h + b.h + 2 * GAP;
}

/** Points along a segment, `step` apart: a path line as circles of its half-width. */
function along(a, b, step, r) {
  const length = Math.hypot(b.x - a.x, b.y - a.y);
  const count = Math.max(1, Math.ceil(length / step));
  return Array.from({ length: count + 1 }, (_, i) => ({
    x: a.x + ((b.x - a.x) * i) / count,
    y: a.y + ((b.y - a.y) * i) / count,
    r,
  }));
}

/** Everything placed so far: pieces' circles must stay clear; crossing a path line costs. */
class Obstacles {
  constructor() {
    /** @type {Circle[]} */ this.solid = [];
    /** @type {Circle[]} */ this.lines = [];
    /** @type {Box[]} */ this.boxes = [];
  }
  /** The obstacles within `reach` of a point: the only ones a box placed near it can meet. */
  near(x, y, reach) {
    const close = (s) => Math.hypot(s.x - x, s.y - y) < reach + ("r" in s ? s.r : (s.w + s.h) / 2);
    const subset = new Obstacles();
    subset.solid = this.solid.filter(close);
    subset.lines = this.lines.filter(close);
    subset.boxes = this.boxes.filter(close);
    return subset;
  }
  /** How bad a box is here: overlaps with pieces and labels first, then path lines crossed. */
  cost(box) {
    const hard =
      this.solid.filter((c) => boxHitsCircle(box, c)).length + this.boxes.filter((b) => boxesOverlap(box, b)).length;
    return 1000 * hard + this.lines.filter((c) => boxHitsCircle(box, c)).length;
  }
}

/** The angles tried around a site, the preferred one first, then alternately either side. */
function angles(preferred) {
  const out = [preferred];
  for (let k = 1; k <= 18; k++) out.push(preferred + (k * Math.PI) / 18, preferred - (k * Math.PI) / 18);
  return out;
}

/** The best free place for a box of `w`×`h` around a circle (x, y, r): each direction from the
 * preferred one, at the first distance that clears the circle, or a little further. */
function around(all, { x, y, r }, sizes, preferred) {
  const widest = Math.max(...sizes.map((s) => s.w + s.h));
  const obstacles = all.near(x, y, r + widest + 6 * FURTHER);
  let best = null;
  for (const [si, { w, h }] of sizes.entries()) {
    for (const [ai, angle] of angles(preferred).entries()) {
      const ux = Math.cos(angle);
      const uy = Math.sin(angle);
      // Just clear of the circle: the box's half-extent in this direction, plus a gap.
      const reach = Math.abs(ux) * (w / 2) + Math.abs(uy) * (h / 2);
      for (let step = 0; step < 6; step++) {
        const preference = ai + si * 6 + step * 8;
        if (best && preference >= best.cost) continue; // it cannot beat the best any more
        const d = r + GAP + reach + step * FURTHER;
        const box = { x: x + ux * d, y: y + uy * d, w, h };
        const cost = obstacles.cost(box) * 10 + preference;
        if (!best || cost < best.cost) best = { box, cost };
      }
    }
  }
  return best.box;
}

/** Where a path's spaces lie: evenly between the two sites' rims, space 0 at the shovel end. */
function pathGeometry(path, at) {
  const [a, b] = path.ends.map((id) => at.get(id));
  const length = Math.hypot(b.x - a.x, b.y - a.y);
  const ux = (b.x - a.x) / length;
  const uy = (b.y - a.y) / length;
  const step = (length - 2 * SITE_R) / path.spaces;
  const spaces = Array.from({ length: path.spaces }, (_, i) => {
    const d = SITE_R + step * (i + 0.5);
    return { x: a.x + ux * d, y: a.y + uy * d, r: Math.max(SPACE_R, Math.min(SPACE_R + 10, step / 2)) };
  });
  return { a, b, ux, uy, step, spaces };
}

/** A path's label: on the line in the widest gap between two spaces if it fits there, else
 * beside the line, wherever it covers least. */
function pathLabel(all, path, geo) {
  const w = path.id.length * PATH_FONT * CHAR_W + 6;
  const h = PATH_FONT + 4;
  const obstacles = all.near(
    (geo.a.x + geo.b.x) / 2,
    (geo.a.y + geo.b.y) / 2,
    Math.hypot(geo.b.x - geo.a.x, geo.b.y - geo.a.y),
  );
  let best = null;
  for (let i = 0; i <= path.spaces; i++) {
    const d = SITE_R + geo.step * i;
    for (const side of [0, 1, -1, 2, -2]) {
      const off = Math.sign(side) * (SPACE_R + h / 2 + 2 + (Math.abs(side) - 1) * h);
      const box = { x: geo.a.x + geo.ux * d - geo.uy * off, y: geo.a.y + geo.uy * d + geo.ux * off, w, h };
      const cost = obstacles.cost(box) * 10 + Math.abs(side) * 5 + Math.abs(i - path.spaces / 2);
      if (!best || cost < best.cost) best = { box, cost };
    }
  }
  return best.box;
}

/** A site's name as it is written on the board: its name and code, as the log names it. */
export function siteTitle(site) {
  return `${site.name} (${site.id})`;
}

/** The layout of a board (static info's `data.board`): sites, spaces, stocks, names and path
 * labels, and the view box that holds them all. `capacity(site)` is how many tokens a site's
 * stock must make room for. */
export function layout(board, capacity) {
  const scale = boardScale(board);
  const at = new Map(board.sites.map((s) => [s.id, { x: s.x * scale, y: s.y * scale }]));
  const obstacles = new Obstacles();
  const paths = new Map(board.paths.map((p) => [p.id, pathGeometry(p, at)]));
  for (const site of at.values()) obstacles.solid.push({ ...site, r: SITE_R + GAP });
  for (const geo of paths.values()) {
    obstacles.lines.push(...along(geo.a, geo.b, 12, 9));
    obstacles.solid.push(...geo.spaces.map((s) => ({ x: s.x, y: s.y, r: SPACE_R + 2 })));
  }
  const place = (box) => {
    obstacles.boxes.push(box);
    return box;
  };
  const stocks = new Map();
  const bySize = [...board.sites].sort((p, q) => capacity(q) - capacity(p));
  for (const site of bySize) {
    const n = Math.max(1, capacity(site));
    const sizes = [1, 2, 3].map((rows) => ({ w: Math.ceil(n / rows) * TOKEN_W, h: rows * TOKEN_H, rows }));
    const box = around(obstacles, { ...at.get(site.id), r: SITE_R }, sizes, -Math.PI / 2);
    stocks.set(site.id, { ...place(box), cols: Math.round(box.w / TOKEN_W) });
  }
  const names = new Map();
  for (const site of board.sites) {
    const size = { w: siteTitle(site).length * NAME_FONT * CHAR_W + 8, h: NAME_FONT + 6 };
    names.set(site.id, place(around(obstacles, { ...at.get(site.id), r: SITE_R }, [size], Math.PI / 2)));
  }
  const labels = new Map(board.paths.map((p) => [p.id, place(pathLabel(obstacles, p, paths.get(p.id)))]));
  return { at, paths, stocks, names, labels, box: viewBox([...obstacles.solid, ...obstacles.boxes]) };
}

/** The scale from the board file's coordinates to the drawing's: at least `SCALE`, and enough
 * for the spaces of the shortest path to sit side by side without touching. */
export function boardScale(board) {
  const where = new Map(board.sites.map((s) => [s.id, s]));
  const needs = board.paths.map((path) => {
    const [a, b] = path.ends.map((id) => where.get(id));
    return (path.spaces * (2 * SPACE_R + GAP) + 2 * SITE_R) / Math.hypot(b.x - a.x, b.y - a.y);
  });
  return Math.max(SCALE, ...needs);
}

/** The smallest view box around circles and boxes, with a margin. */
function viewBox(shapes) {
  const half = (s) => ("r" in s ? [s.r, s.r] : [s.w / 2, s.h / 2]);
  const xs = shapes.flatMap((s) => [s.x - half(s)[0], s.x + half(s)[0]]);
  const ys = shapes.flatMap((s) => [s.y - half(s)[1], s.y + half(s)[1]]);
  const [x0, y0] = [Math.min(...xs) - PAD, Math.min(...ys) - PAD];
  return [x0, y0, Math.max(...xs) + PAD - x0, Math.max(...ys) + PAD - y0];
}

/** Whether two laid-out shapes overlap (for the layout's own checks). */
export function overlaps(a, b) {
  if ("r" in a && "r" in b) return Math.hypot(a.x - b.x, a.y - b.y) < a.r + b.r;
  if ("r" in a) return boxHitsCircle(b, a);
  if ("r" in b) return boxHitsCircle(a, b);
  return boxesOverlap(a, b);
}
