// The game's chat: one line of text from a player at a time, read by everyone (spectators too), shown as text,
// never as markup. Messages come live over the game's WebSocket; after a reconnection the page reads what it missed.
import { api } from "./api.js";
import { h, mount, seatBadge } from "./ui.js";

const MAX = 300;

/**
 * The chat panel of a game page.
 * @param {any} info the game's static info
 * @param {string} id the game's id
 * @param {string | null} token my seat's token (none: a spectator, who reads only)
 */
export function chatPanel(info, id, token) {
  const list = h("ol", { class: "chat-log", "aria-label": "Chat messages", "aria-live": "polite" });
  const input = h("input", {
    type: "text",
    id: "chat-text",
    class: "chat-input",
    maxlength: MAX,
    autocomplete: "off",
    placeholder: "Say something to the table",
  });
  const error = h("p", { class: "error", role: "alert" });
  const form = token
    ? h(
        "form",
        { class: "row chat-form" },
        h("label", { for: "chat-text" }, "Message"),
        input,
        h("button", { type: "submit" }, "Send"),
      )
    : h("p", { class: "muted" }, "The players write here; spectators read.");
  const root = h(
    "section",
    { class: "panel chat-panel", "aria-labelledby": "chat-title" },
    h("h2", { id: "chat-title" }, "Chat"),
    list,
    form,
    error,
  );
  /** @type {Map<number, any>} */
  const messages = new Map();

  function receive(message) {
    if (messages.has(message.number)) return;
    messages.set(message.number, message);
    const item = h(
      "li",
      { "data-number": message.number, "data-seat": message.seat },
      seatBadge(info, message.seat),
      " ",
      h("span", { class: "chat-text" }, message.text),
    );
    const after = [...list.children].find((li) => Number(li.getAttribute("data-number")) > message.number);
    list.insertBefore(item, after ?? null);
    list.scrollTop = list.scrollHeight;
  }

  /** Read the messages this page has not received (at first, and after a reconnection). */
  async function load() {
    let more = true;
    while (more) {
      const since = Math.max(0, ...messages.keys());
      const page = await api(`/api/games/${id}/chat?since=${since}`);
      for (const message of page.messages) receive(message);
      more = page.more && page.messages.length > 0;
    }
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      receive(await api(`/api/games/${id}/chat`, { method: "POST", body: { token, text: input.value } }));
      input.value = "";
      error.textContent = "";
    } catch (failure) {
      error.textContent = failure.message;
    }
  });
  mount(list);
  return { root, receive, load };
}
