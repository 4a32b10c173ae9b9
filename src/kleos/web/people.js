// The people at a live game's table: each seat's status in words, my display name while I have given none,
// and for the host, fresh invite links for the friends' seats nobody has joined yet.
import { api } from "./api.js";
import { h, mount, seatName } from "./ui.js";

/** A seat's status (the envelope's `status.status`) in words, with why in its title. */
const STATUS = {
  connected: ["here", "connected now"],
  left: ["left the game", "not here now: their link still works, so they may come back"],
  waiting: ["not joined yet", "nobody has opened this seat's link yet"],
  thinking: ["thinking…", "the AI is choosing its move"],
  ready: ["ready", "the AI moves when its turn comes"],
};

/** A seat's status, in words. */
export function seatStatus(status, make = h) {
  const [words, why] = STATUS[status.status] ?? [status.status, ""];
  return make("span", { class: `status status-${status.status}`, "data-status": status.status, title: why }, words);
}

/**
 * The form that tells the others my name, shown while my seat has none (an invite link's or an open seat's
 * player who gave none). It is kept between envelopes, so what is typed in it stays.
 * @param {string} id the game's id
 * @param {string} token my seat's token
 * @param {{ lastName: () => string, keepName: (name: string) => void }} names
 */
export function nameForm(id, token, { lastName, keepName }) {
  const input = h("input", {
    type: "text",
    id: "seat-name",
    autocomplete: "nickname",
    placeholder: "e.g. Bob",
    value: lastName(),
  });
  const error = h("p", { class: "error", role: "alert" });
  const root = h(
    "form",
    { class: "panel name-form", "aria-labelledby": "seat-name-title", hidden: true },
    h("h2", { id: "seat-name-title" }, "Your name"),
    h("p", { class: "muted" }, "Tell the other players who you are — optional, up to 24 characters."),
    h(
      "div",
      { class: "row" },
      h("label", { for: "seat-name" }, "Name"),
      input,
      h("button", { type: "submit" }, "Save name"),
    ),
    error,
  );
  let seat = null;
  root.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await api(`/api/games/${id}/seats/${seat}/name`, { method: "POST", body: { token, name: input.value } });
      keepName(input.value.trim());
      error.textContent = "";
    } catch (failure) {
      error.textContent = failure.message;
    }
  });
  return {
    root,
    /** Show the form while my seat has no name (the envelope that follows a saved name hides it). */
    update(env) {
      seat = env.viewer;
      root.hidden = seat === null || Boolean(env.status[seat]?.name);
    },
  };
}

/**
 * The host's invite links: while friends' seats nobody has joined remain, a button asks the server for new
 * links for them (the old ones stop working) and shows each with a Copy button.
 * @param {any} info the game's static info
 * @param {string} id the game's id
 * @param {string} token my seat's token
 * @param {{ copyRow: (label: string, url: string) => HTMLElement, toast: (message: string) => void }} ctx
 */
export function invitePanel(info, id, token, { copyRow, toast }) {
  const links = new Map();
  const list = h("div", { class: "stack" });
  const button = h("button", { type: "button" }, "New invite links");
  const root = h(
    "section",
    { class: "panel invites", "aria-labelledby": "invites-title", hidden: true },
    h("h2", { id: "invites-title" }, "Invite links"),
    h(
      "p",
      { class: "muted" },
      "For friends' seats nobody has joined yet. New links replace the old ones: a link sent before stops working.",
    ),
    button,
    list,
  );
  let invited = [];
  let shown = "";
  function draw() {
    const key = JSON.stringify([invited, [...links]]);
    if (key === shown) return; // redrawn only when it changes, so a Copy button keeps the focus
    shown = key;
    mount(
      list,
      invited.map((seat) =>
        links.has(seat)
          ? copyRow(`seat ${seat + 1} link`, links.get(seat))
          : h("p", { "data-invited": seat }, `${seatName(info, seat)}: nobody has opened its link yet`),
      ),
    );
  }
  button.addEventListener("click", async () => {
    try {
      const answer = await api(`/api/games/${id}/invites`, { method: "POST", body: { token } });
      links.clear();
      for (const seat of answer.seats) links.set(seat.seat, seat.url);
      draw();
      toast("New invite links: the old ones no longer work");
    } catch (failure) {
      toast(failure.message);
    }
  });
  return {
    root,
    /** Shown to the host while a friend's seat is unjoined; a seat someone joins leaves the list. */
    update(env) {
      const me = env.viewer === null ? null : env.status[env.viewer];
      invited = env.status.filter((s) => s.invited).map((s) => s.seat);
      root.hidden = !me?.host || !invited.length;
      draw();
    },
  };
}
