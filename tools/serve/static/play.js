// A seat's page: moves are sent with fetch, and a WebSocket says when the game has moved, so the page fetches its
// changing part again (the panel: built by the server from this seat's view only). Without script the forms still
// work: every option is a submit button.
const csrf = document.querySelector('meta[name="csrf"]').content;
const holder = document.getElementById("panel");
const notice = document.getElementById("notice");
let shown = Number(holder.firstElementChild.dataset.moves);
let asking = null;

function say(text) {
  notice.textContent = text;
}

async function refresh() {
  if (asking) return asking;
  asking = (async () => {
    try {
      // bounded: a request lost with a server that went away must not hold every later refresh back
      const response = await fetch("panel", { headers: { Accept: "text/html" }, cache: "no-store",
                                              signal: AbortSignal.timeout(10000) });
      if (!response.ok) {
        say(`The game could not be shown (${response.status}); retrying…`);
        return;
      }
      const hadFocus = holder.contains(document.activeElement);
      const fresh = document.createElement("div");
      fresh.innerHTML = await response.text();
      const board = fresh.querySelector(".board img");
      if (board) await board.decode().catch(() => {}); // swap once the new picture is drawn: no blank board
      holder.replaceChildren(...fresh.childNodes);
      shown = Number(holder.firstElementChild.dataset.moves);
      const first = holder.querySelector(".decision button");
      if (first && (hadFocus || document.activeElement === document.body)) first.focus();
    } catch {
      say("The server cannot be reached; the page will catch up when it can.");
    } finally {
      asking = null;
    }
  })();
  return asking;
}

holder.addEventListener("submit", async (event) => {
  const form = event.target;
  const button = event.submitter;
  if (!button || !form.dataset.decision) return;
  event.preventDefault();
  for (const b of form.querySelectorAll("button")) b.disabled = true;
  say("");
  try {
    const response = await fetch("move", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRF-Token": csrf },
      body: JSON.stringify({ decision: form.dataset.decision, option: button.value }),
      signal: AbortSignal.timeout(20000),
    });
    if (!response.ok) {
      const body = await response.json().catch(() => ({}));
      say(body.error || `The move was not taken (${response.status}).`);
    }
  } catch {
    say("The move could not be sent: the server cannot be reached. Nothing was changed; try again.");
  }
  await refresh();
});

function listen(delay) {
  const url = new URL("ws", location.href);
  url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
  url.search = "";
  const socket = new WebSocket(url);
  socket.addEventListener("open", () => { delay = 500; });
  socket.addEventListener("message", (message) => {
    const news = JSON.parse(message.data);
    if (news.moves !== shown) refresh();
  });
  socket.addEventListener("close", () => {
    setTimeout(() => listen(Math.min(delay * 2, 8000)), delay);
  });
}

listen(500);
const first = holder.querySelector(".decision button");
if (first) first.focus();
