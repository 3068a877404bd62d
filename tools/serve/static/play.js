// A seat's page: moves are sent with fetch, and a WebSocket says when the game has moved, so the page fetches its
// changing part again (the panel: built by the server from this seat's view only). Without script the forms still
// work: every option is a submit button. The page's words come from the server in the reader's language (the
// notice's data attributes). <body data-live> says whether the socket is connected ("yes"/"no"): the page shows it,
// and a test can wait for it.
const csrf = document.querySelector('meta[name="csrf"]').content;
const holder = document.getElementById("panel");
const notice = document.getElementById("notice");
const words = notice.dataset;
let shown = Number(holder.firstElementChild.dataset.moves);
// the newest version of the game this page has heard of (the socket's news, a move's answer): the panel is asked
// for it, so that the server looks the game up in its database only when it has not reached that version itself
let heard = shown;
let asking = null;
let again = false;

function say(text) {
  notice.textContent = text;
}

function fill(template, value) {
  return template.replace("{status}", String(value));
}

async function fetchPanel() {
  try {
    // board=shown: this page shows the board, so the server names it by its picture (docs/serve.md); bounded: a
    // request lost with a server that went away must not hold every later refresh back
    const response = await fetch(`panel?v=${heard}&board=shown`, { headers: { Accept: "text/html" },
                                                                  cache: "no-store",
                                                                  signal: AbortSignal.timeout(10000) });
    if (!response.ok) {
      say(fill(words.unshown, response.status));
      return;
    }
    const fresh = document.createElement("div");
    fresh.innerHTML = await response.text();
    if (notice.textContent === words.unreachable || notice.textContent.startsWith(fill(words.unshown, ""))) say("");
    // the same version of the game shows the same: leave the page (and where the keyboard is) as it is
    if (Number(fresh.firstElementChild.dataset.moves) === shown && !holder.querySelector("button:disabled")) return;
    const hadFocus = holder.contains(document.activeElement);
    const board = fresh.querySelector(".board img");
    const shownBoard = holder.querySelector(".board");
    if (board && shownBoard && shownBoard.querySelector("img")?.getAttribute("src") === board.getAttribute("src")) {
      // the same picture (its address names it): the board shown stays, not drawn again
      fresh.querySelector(".board").replaceWith(shownBoard);
    } else if (board) {
      // swap once the new picture is drawn (no blank board), but never wait for it long: a browser may not decode
      // an image that is not in the page yet
      await Promise.race([board.decode().catch(() => {}), new Promise((done) => setTimeout(done, 2000))]);
    }
    holder.replaceChildren(...fresh.childNodes);
    shown = Number(holder.firstElementChild.dataset.moves);
    const first = holder.querySelector(".decision button");
    if (first && (hadFocus || document.activeElement === document.body)) first.focus();
  } catch {
    say(words.unreachable);
  }
}

// One fetch at a time; news arriving meanwhile fetches once more after it, so the last news is always shown.
function refresh() {
  if (asking) {
    again = true;
    return asking;
  }
  asking = (async () => {
    do {
      again = false;
      await fetchPanel();
    } while (again);
    asking = null;
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
    const body = await response.json().catch(() => ({}));
    if (!response.ok) say(body.error || fill(words.refused, response.status));
    else if (Number.isInteger(body.moves)) heard = Math.max(heard, body.moves);
  } catch {
    say(words.unsent);
  }
  await refresh();
});

// The socket reconnects for as long as the page is open, waiting longer after each failure (up to 8 s); once it
// is back the panel is fetched again, since moves may have been made while it was away.
function listen(delay) {
  const url = new URL("ws", location.href);
  url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
  url.search = "";
  const socket = new WebSocket(url);
  let opened = false;
  socket.addEventListener("open", () => {
    opened = true;
    delay = 500;
    if (document.body.dataset.live === "no") {
      if (notice.textContent === words.lost) say("");
      refresh();
    }
    document.body.dataset.live = "yes";
  });
  socket.addEventListener("message", (message) => {
    const news = JSON.parse(message.data);
    heard = Math.max(heard, news.moves);
    if (news.moves !== shown) refresh();
  });
  socket.addEventListener("close", () => {
    document.body.dataset.live = "no";
    if (opened && !notice.textContent) say(words.lost);
    setTimeout(() => listen(opened ? 500 : Math.min(delay * 2, 8000)), opened ? 250 : delay);
  });
}

listen(500);
const first = holder.querySelector(".decision button");
if (first) first.focus();
