// Talking to the server: JSON requests whose refusals become errors with the server's words,
// the seats this browser holds, and a live connection that reconnects by itself.

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/**
 * The headers of a request: the seat's token as a bearer (never in the URL), JSON bodies.
 * @param {unknown} body
 * @param {string | undefined} token
 * @returns {Record<string, string>}
 */
function headersFor(body, token) {
  /** @type {Record<string, string>} */
  const headers = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  return headers;
}

/**
 * A JSON request; a refusal throws an ApiError with the server's explanation.
 * @param {string} path
 * @param {{ method?: string, body?: unknown, token?: string }} [request]
 */
export async function api(path, { method = "GET", body, token } = {}) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: headersFor(body, token),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, "the server cannot be reached");
  }
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = { error: text };
  }
  if (!response.ok) throw new ApiError(response.status, data?.error ?? response.statusText);
  return data;
}

const SEATS_KEY = "kleos.seats";
const CREATED_KEY = "kleos.created.";
const TAB_KEY = "kleos.tab.";

/** A seat's link: the token in the fragment, which the browser never sends to a server. */
export function gameLink(gameId, token) {
  return token ? `/games/${gameId}#token=${encodeURIComponent(token)}` : `/games/${gameId}`;
}

/**
 * The token of the game page's seat: from the link's fragment (`#token=`), an old link's
 * `?token=`, or (after a reload) this tab's memory. The link's token is then wiped from the
 * address bar, so it is neither shown, bookmarked nor shared by accident.
 */
export function takeToken(gameId) {
  const fromHash = new URLSearchParams(location.hash.slice(1)).get("token");
  const fromQuery = new URLSearchParams(location.search).get("token");
  const token = fromHash || fromQuery;
  if (fromHash !== null || fromQuery !== null) history.replaceState(history.state, "", location.pathname);
  if (token) return token;
  return sessionStorage.getItem(TAB_KEY + gameId);
}

/** Remember the seat this tab plays in a game, so that a reload plays it again. */
export function keepTabSeat(gameId, token) {
  if (token) sessionStorage.setItem(TAB_KEY + gameId, token);
  else sessionStorage.removeItem(TAB_KEY + gameId);
}

/** The seats whose tokens this browser holds: [{game_id, seat, token, game, players, at}]. */
export function heldSeats() {
  try {
    const seats = JSON.parse(localStorage.getItem(SEATS_KEY) ?? "[]");
    return Array.isArray(seats) ? seats : [];
  } catch {
    return [];
  }
}

/** Remember a seat's token (once per game and seat). */
export function holdSeat(entry) {
  const seats = heldSeats().filter((s) => !(s.game_id === entry.game_id && s.seat === entry.seat));
  seats.unshift({ ...entry, at: Date.now() });
  localStorage.setItem(SEATS_KEY, JSON.stringify(seats.slice(0, 200)));
}

/** Keep a new game's creation answer (its invite links) for the invite page. */
export function keepCreated(created) {
  sessionStorage.setItem(CREATED_KEY + created.id, JSON.stringify(created));
}

export function createdGame(id) {
  try {
    return JSON.parse(sessionStorage.getItem(CREATED_KEY + id) ?? "null");
  } catch {
    return null;
  }
}

/**
 * A live connection to a game: calls `onEnvelope` with every envelope, `onError` with every
 * refusal and `onChat` with every chat message; reconnects after a drop (with a growing pause)
 * and then receives the current envelope, so a reconnection restores the game silently. The
 * seat's token is sent in a `hello` message on every (re)connection.
 */
export function connect(gameId, token, { onEnvelope, onError, onState, onChat }) {
  let socket = null;
  let closed = false;
  let pause = 500;
  let pending = null; // a move chosen before the socket opened: sent once it has
  const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/games/${gameId}/ws`;

  function open() {
    socket = new WebSocket(url);
    socket.addEventListener("open", () => {
      // The token goes in the first message, never in the URL; until the server has read it,
      // the envelopes are a spectator's, and the seat's follow.
      if (token) socket.send(JSON.stringify({ type: "hello", token }));
      if (pending) socket.send(pending);
      pending = null;
      pause = 500;
      onState?.("connected");
    });
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "envelope") onEnvelope(message.envelope);
      else if (message.type === "error") onError(message);
      else if (message.type === "chat") onChat?.(message.message);
    });
    socket.addEventListener("close", (event) => {
      if (closed) return;
      if (event.code === 1008) {
        closed = true;
        onState?.("refused");
        return;
      }
      onState?.("reconnecting");
      setTimeout(open, pause);
      pause = Math.min(pause * 2, 8000);
    });
  }
  open();
  return {
    act(stateId, actionId) {
      const message = JSON.stringify({ type: "act", state_id: stateId, action: actionId });
      if (socket?.readyState === WebSocket.OPEN) socket.send(message);
      else if (socket?.readyState === WebSocket.CONNECTING && !pending) pending = message;
      else return false;
      return true;
    },
    close() {
      closed = true;
      socket?.close();
    },
  };
}
