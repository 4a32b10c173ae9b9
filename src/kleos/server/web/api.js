// Talking to the server: JSON requests whose refusals become errors with the server's words,
// the seats this browser holds, and a live connection that reconnects by itself.

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** A JSON request; a refusal throws an ApiError with the server's explanation. */
export async function api(path, { method = "GET", body } = {}) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
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
 * A live connection to a game: calls `onEnvelope` with every envelope and `onError` with every
 * refusal; reconnects after a drop (with a growing pause) and then receives the current
 * envelope, so a reconnection restores the game silently.
 */
export function connect(gameId, token, { onEnvelope, onError, onState }) {
  let socket = null;
  let closed = false;
  let pause = 500;
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/games/${gameId}/ws${query}`;

  function open() {
    socket = new WebSocket(url);
    socket.addEventListener("open", () => {
      pause = 500;
      onState?.("connected");
    });
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "envelope") onEnvelope(message.envelope);
      else if (message.type === "error") onError(message);
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
      if (socket?.readyState !== WebSocket.OPEN) return false;
      socket.send(JSON.stringify({ type: "act", state_id: stateId, action: actionId }));
      return true;
    },
    close() {
      closed = true;
      socket?.close();
    },
  };
}
