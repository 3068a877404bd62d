// The replay page: swaps the board's changed fragments in for the chosen step and view, and shows the account.
(function () {
  "use strict";
  const data = JSON.parse(document.getElementById("replay-data").textContent);
  const words = data.words;
  const now = document.getElementById("now");
  const board = document.getElementById("board");
  const slots = data.slots.map((name) => board.getElementById(name));
  const slider = document.getElementById("slider");
  const counter = document.getElementById("counter");
  const story = document.getElementById("story");
  const select = document.getElementById("view");
  const playButton = document.getElementById("play");
  const tables = {};
  let view = select.value;
  let step = 0;
  let timer = null;
  let sections = [];
  let shown = null;

  // Each view's fragment ids for every step, rebuilt from the per-step changes once.
  function table(name) {
    if (!tables[name]) {
      const current = new Array(slots.length).fill(-1);
      tables[name] = data.views[name].steps.map((changes) => {
        for (let i = 0; i < changes.length; i += 2) current[changes[i]] = changes[i + 1];
        return current.slice();
      });
    }
    return tables[name];
  }

  function last() { return data.views[view].steps.length - 1; }

  function fill(section, n) {
    const [caption, lines] = data.views[view].story[n];
    const heading = document.createElement("h2");
    const number = document.createElement("b");
    number.textContent = words.step_n.replace("{step}", n);
    heading.append(number, caption);
    section.append(heading);
    for (const id of lines) {
      const p = document.createElement("p");
      p.textContent = data.lines[id];
      section.append(p);
    }
    return section;
  }

  function buildStory() {
    story.textContent = "";
    sections = data.views[view].story.map((_, n) => {
      const section = fill(document.createElement("section"), n);
      story.append(section);
      return section;
    });
  }

  function show(n) {
    step = Math.max(0, Math.min(last(), n));
    const row = table(view)[step];
    for (let i = 0; i < slots.length; i++) {
      if (shown[i] !== row[i]) {
        slots[i].innerHTML = data.fragments[row[i]];
        shown[i] = row[i];
      }
    }
    slider.max = String(last());
    slider.value = String(step);
    counter.textContent = words.counter.replace("{step}", step).replace("{last}", last());
    now.textContent = "";
    fill(now, step);
    sections.forEach((section, k) => {
      section.hidden = k > step;
      section.classList.toggle("now", k === step);
    });
    scrollTo(sections[step]);
    document.getElementById("prev").disabled = document.getElementById("first").disabled = step === 0;
    document.getElementById("next").disabled = document.getElementById("last").disabled = step === last();
    try { history.replaceState(null, "", "#view=" + view + "&step=" + step); } catch (e) { /* file: URLs */ }
  }

  // Keep the current step in sight inside the account panel (scrollIntoView would scroll the page too).
  function scrollTo(section) {
    const top = section.offsetTop - story.offsetTop;
    const bottom = top + section.offsetHeight;
    if (bottom > story.scrollTop + story.clientHeight) story.scrollTop = bottom - story.clientHeight;
    if (top < story.scrollTop) story.scrollTop = top;
  }

  function setView(name) {
    view = name;
    select.value = name;
    buildStory();
    const secret = name !== "public";
    const note = document.getElementById("secrets");
    note.hidden = !Object.keys(data.views).some((v) => v !== "public");
    const secrets = Object.keys(data.views).filter((v) => v !== "public").map((v) => data.views[v].label);
    note.textContent = (secret ? words.secrets_own : words.secrets_public).replace("{views}", secrets.join(", "));
    show(step);
  }

  function stop() {
    if (timer) { clearInterval(timer); timer = null; playButton.textContent = "\u25B6 " + words.play; }
  }

  function toggle() {
    if (timer) { stop(); return; }
    if (step === last()) show(0);
    playButton.textContent = "\u23F8 " + words.pause;
    timer = setInterval(() => { if (step >= last()) stop(); else show(step + 1); }, 600);
  }

  document.getElementById("first").addEventListener("click", () => { stop(); show(0); });
  document.getElementById("prev").addEventListener("click", () => { stop(); show(step - 1); });
  document.getElementById("next").addEventListener("click", () => { stop(); show(step + 1); });
  document.getElementById("last").addEventListener("click", () => { stop(); show(last()); });
  playButton.addEventListener("click", toggle);
  slider.addEventListener("input", () => { stop(); show(Number(slider.value)); });
  select.addEventListener("change", () => setView(select.value));
  document.addEventListener("keydown", (event) => {
    if (event.target === slider || event.target === select || event.altKey || event.ctrlKey || event.metaKey) return;
    const moves = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: last(),
      PageUp: step - 10, PageDown: step + 10 };
    if (event.key in moves) { stop(); show(moves[event.key]); event.preventDefault(); }
    else if (event.key === " " && event.target.tagName !== "BUTTON") { toggle(); event.preventDefault(); }
  });

  // The header's height (it wraps on narrow windows) sets the height left for the board and the account.
  function fit() {
    document.documentElement.style.setProperty("--head", document.querySelector("header").offsetHeight + "px");
  }
  window.addEventListener("resize", fit);
  fit();

  shown = table(view)[0].slice();  // the page is written with the first view's step 0 in place
  const wanted = new URLSearchParams(location.hash.slice(1));
  if (wanted.get("step") !== null) step = Number(wanted.get("step")) || 0;
  setView(data.views[wanted.get("view")] ? wanted.get("view") : view);
})();
