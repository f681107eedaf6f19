// The web table's pages: the public page (board, whose turn, clocks, log, history) and a seat's
// page (the same, with its secrets and choices; places on the board are tapped). Everything is
// built with DOM nodes and textContent: no HTML from the server is ever parsed. Inside Discord
// (the Activity page) activity.js starts one of them once Discord has said who is looking.
"use strict";

let pageId = location.pathname.split("/")[2];
let publicBase = "/g/" + pageId;
let session = null;  // the Activity's seat session (a request header); elsewhere the cookie is the session
const $ = (id) => document.getElementById(id);

// The page's words in the reader's language: the server sends them along (bot/web/page_words.py).
const words = (() => { const block = $("words"); return block ? JSON.parse(block.textContent) : {}; })();
const t = (text, values = {}) =>
  (words[text] || text).replace(/\{(\w+)\}/g, (all, key) => (key in values ? String(values[key]) : all));

// --- Discord's Markdown, as far as the table's texts use it --------------------------------------

function inline(parent, text) {
  let bold = false, italic = false, buffer = "";
  const flush = () => {
    if (!buffer) return;
    let node = document.createTextNode(buffer);
    if (italic) { const i = document.createElement("i"); i.appendChild(node); node = i; }
    if (bold) { const b = document.createElement("b"); b.appendChild(node); node = b; }
    parent.appendChild(node);
    buffer = "";
  };
  text = text.replace(/<@!?\d+>/g, t("@player")).replace(/<#\d+>/g, t("#channel"))
    .replace(/\[([^\]]+)\]\(<?[^)>]+>?\)/g, "$1").replace(/\u200b/g, "");
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\\" && i + 1 < text.length) { buffer += text[++i]; continue; }
    if (c === "*" && text[i + 1] === "*") { flush(); bold = !bold; i++; continue; }
    if (c === "*" || (c === "_" && (i === 0 || text[i - 1] === " " || italic))) { flush(); italic = !italic; continue; }
    buffer += c;
  }
  flush();
}

function markdown(parent, text) {
  parent.replaceChildren();
  for (let line of String(text).split("\n")) {
    const p = document.createElement("p");
    if (line.startsWith("-# ")) { p.className = "small"; line = line.slice(3); }
    line = line.replace(/^#{1,3} /, "").replace(/^> /, "");
    inline(p, line);
    parent.appendChild(p);
  }
}

// --- what both pages show ----------------------------------------------------------------------

let clocks = [];

function showPage(page) {
  $("title").textContent = page.over ? t("{game} · game over", { game: page.title }) : page.title;
  document.title = page.title;
  markdown($("lines"), page.lines.join("\n"));
  const log = $("log");
  log.replaceChildren();
  for (const line of page.log) {
    const li = document.createElement("li");
    inline(li, line);
    log.appendChild(li);
  }
  log.scrollTop = log.scrollHeight;
  clocks = page.clocks;
  tickClocks();
}

function tickClocks() {
  const list = $("clocks");
  list.replaceChildren();
  for (const clock of clocks) {
    const left = Math.max(0, Date.parse(clock.due) - Date.now()) / 1000;
    const h = Math.floor(left / 3600), m = Math.floor((left % 3600) / 60), s = Math.floor(left % 60);
    const li = document.createElement("li");
    li.textContent = "⏰ " + clock.name + ": " + (left <= 0 ? t("time is up") :
      h ? t("{h} h {m} min left", { h, m }) : m ? t("{m} min {s} s left", { m, s }) : t("{s} s left", { s }));
    list.appendChild(li);
  }
}
setInterval(tickClocks, 1000);

function sessionHeaders() {
  return session ? { "X-Seat-Session": session } : {};
}

async function getJson(url) {
  const response = await fetch(url, { credentials: "same-origin", cache: "no-store", headers: sessionHeaders() });
  const data = await response.json().catch(() => ({ error: t("The table did not answer.") }));
  if (!response.ok) throw new Error(data.error || t("The table did not answer."));
  return data;
}

function setBoard(src) {
  const img = $("board");
  if (img.getAttribute("src") !== src) img.src = src;
}

function listen(onPage) {
  const badge = $("live");
  const source = new EventSource(publicBase + "/events");
  source.addEventListener("page", (event) => {
    badge.textContent = t("live");
    badge.className = "badge on";
    onPage(JSON.parse(event.data));
  });
  source.onerror = () => { badge.textContent = t("reconnecting…"); badge.className = "badge off"; };
}

// --- the public page: live, or a step of the history -------------------------------------------

function publicPage() {
  let steps = 0, following = true, shown = null, stamp = null, timer = null;
  const slider = $("slider");

  async function show(step, known) {
    const query = step === null ? "" : "?step=" + step;
    const page = known || await getJson(publicBase + "/page.json" + query);
    steps = page.steps;
    shown = step === null ? null : page.step;
    slider.max = String(steps);
    slider.value = String(page.step);
    $("stepnum").textContent = step === null
      ? t("{step} of {steps} (live)", { step: page.step, steps })
      : t("{step} of {steps}", { step: page.step, steps });
    $("now").disabled = step === null;
    showPage(page);
    setBoard(publicBase + "/board.png" + (step === null ? "?s=" + page.stamp : "?step=" + page.step + "&s=" + steps));
    document.body.dataset.step = String(page.step);
    document.body.dataset.steps = String(steps);
    document.body.dataset.stamp = step === null ? String(page.stamp) : "";
  }

  function go(step) {
    following = step >= steps;
    clearTimeout(timer);
    timer = setTimeout(() => show(following ? null : step).catch(showError), 120);
  }

  slider.addEventListener("input", () => go(Number(slider.value)));
  $("prev").addEventListener("click", () => go(Math.max(0, (shown ?? steps) - 1)));
  $("next").addEventListener("click", () => go(Math.min(steps, (shown ?? steps) + 1)));
  $("now").addEventListener("click", () => go(steps));
  listen((page) => {
    if (page.stamp === stamp || !page.title) return;
    stamp = page.stamp;
    if (following) show(null, page).catch(showError);
    else { steps = page.steps; slider.max = String(steps); }
  });
  show(null).catch(showError);
}

function showError(error) {
  const box = $("error");
  if (!box) { $("lines").textContent = String(error.message || error); return; }
  markdown(box, String(error.message || error));
  box.hidden = false;
}

// --- a seat's page ----------------------------------------------------------------------------

function seatPage() {
  let data = null, zoomed = true, pending = null, stamp = null;
  $("public").href = publicBase;

  async function refresh() {
    data = await getJson("/s/" + pageId + "/seat.json");
    showPage(data.page);
    markdown($("text"), data.panel.text);
    buttons();
    several();
    forms();
    setBoard(publicBase + "/board.png?s=" + data.page.stamp);
    if ($("board").complete) layout();
    cancel();
    document.body.dataset.stamp = String(data.page.stamp);
    document.body.dataset.version = String(data.panel.version);
  }

  function buttons() {
    const box = $("choices");
    box.replaceChildren();
    const placed = new Set(data.regions.map((r) => r.action));
    let group = null;
    for (const choice of data.panel.choices) {
      if (placed.has(choice.action)) continue;
      if (choice.group !== group && choice.group) {
        const h = document.createElement("h3");
        h.textContent = choice.group;
        box.appendChild(h);
      }
      group = choice.group;
      const button = document.createElement("button");
      button.type = "button";
      button.className = choice.style;
      button.textContent = (choice.emoji ? choice.emoji + " " : "") + choice.label;
      if (choice.description) button.title = choice.description;
      button.dataset.action = choice.action;
      button.addEventListener("click", () => send({ version: data.panel.version, action: choice.action }));
      box.appendChild(button);
    }
    if (placed.size) {
      const h = document.createElement("h3");
      h.textContent = t("Or tap a highlighted place on the board ({n})", { n: placed.size });
      box.appendChild(h);
    }
  }

  // A choice of several options at once (a Discord select with max_values > 1): checkboxes, sent
  // together once as many are ticked as the rules want.
  function several() {
    const box = $("multis");
    box.replaceChildren();
    for (const multi of data.panel.multis || []) {
      const element = document.createElement("form");
      element.className = "several";
      element.dataset.verb = multi.verb;
      const title = document.createElement("h3");
      title.textContent = multi.placeholder || t("Choose");
      element.appendChild(title);
      for (const option of multi.options) {
        const label = document.createElement("label");
        label.className = "option";
        const input = document.createElement("input");
        input.type = "checkbox";
        input.value = option.action;
        label.appendChild(input);
        label.appendChild(document.createTextNode((option.emoji ? option.emoji + " " : "") + option.label));
        if (option.description) label.title = option.description;
        element.appendChild(label);
      }
      const submit = document.createElement("button");
      submit.type = "submit";
      submit.className = "primary";
      const count = () => element.querySelectorAll("input:checked").length;
      const update = () => {
        const n = count();
        submit.disabled = n < Math.max(1, multi.min) || n > multi.max;
        submit.textContent = multi.min === multi.max
          ? t("Choose these ({n} of {max})", { n, max: multi.max })
          : t("Choose these ({n}, {min} to {max})", { n, min: Math.max(1, multi.min), max: multi.max });
      };
      element.addEventListener("change", update);
      update();
      element.appendChild(submit);
      element.addEventListener("submit", (event) => {
        event.preventDefault();
        const values = [...element.querySelectorAll("input:checked")].map((input) => input.value);
        send({ version: data.panel.version, verb: multi.verb, values });
      });
      box.appendChild(element);
    }
  }

  function forms() {
    const box = $("forms");
    box.replaceChildren();
    for (const form of data.panel.forms) {
      const element = document.createElement("form");
      const title = document.createElement("h3");
      title.textContent = form.title || form.button;
      element.appendChild(title);
      for (const field of form.fields) {
        const label = document.createElement("label");
        label.textContent = field.label;
        const input = document.createElement("input");
        input.name = field.key;
        input.value = field.default;
        input.placeholder = field.placeholder;
        input.maxLength = field.max_length || 4000;
        input.required = field.required;
        label.appendChild(input);
        element.appendChild(label);
      }
      const submit = document.createElement("button");
      submit.type = "submit";
      submit.className = "primary";
      submit.textContent = "📝 " + form.button;
      element.appendChild(submit);
      element.addEventListener("submit", (event) => {
        event.preventDefault();
        const values = {};
        for (const input of element.querySelectorAll("input")) values[input.name] = input.value;
        send({ version: data.panel.version, form: form.key, values });
      });
      box.appendChild(element);
    }
  }

  // The regions, laid over the board; zoomed to them when they would be small to tap.
  function crop(natural, width) {
    const full = { x0: 0, y0: 0, x1: natural.w, y1: natural.h };
    if (!zoomed || !data || !data.regions.length) return full;
    const boxes = data.regions.map(bounds);
    const smallest = Math.min(...boxes.map((b) => Math.min(b.x1 - b.x0, b.y1 - b.y0)));
    if (smallest * width / natural.w >= 40) return full;
    const pad = smallest;
    const box = {
      x0: Math.min(...boxes.map((b) => b.x0)) - pad, y0: Math.min(...boxes.map((b) => b.y0)) - pad,
      x1: Math.max(...boxes.map((b) => b.x1)) + pad, y1: Math.max(...boxes.map((b) => b.y1)) + pad,
    };
    const want = Math.max(box.x1 - box.x0, Math.min(natural.w, width * smallest / 44));
    const cx = (box.x0 + box.x1) / 2;
    box.x0 = Math.max(0, Math.min(natural.w - want, cx - want / 2));
    box.x1 = Math.min(natural.w, box.x0 + want);
    box.y0 = Math.max(0, box.y0);
    box.y1 = Math.min(natural.h, box.y1);
    return box;
  }

  function layout() {
    const img = $("board"), frame = $("frame"), hits = $("hits");
    if (!img.naturalWidth || !data) return;
    const natural = { w: img.naturalWidth, h: img.naturalHeight };
    const width = frame.clientWidth;
    const view = crop(natural, width);
    const scale = width / (view.x1 - view.x0);
    const isCrop = view.x0 > 0 || view.y0 > 0 || view.x1 < natural.w || view.y1 < natural.h;
    frame.classList.toggle("zoomed", isCrop);
    if (isCrop) {
      img.style.width = natural.w * scale + "px";
      img.style.left = -view.x0 * scale + "px";
      img.style.top = -view.y0 * scale + "px";
      frame.style.height = (view.y1 - view.y0) * scale + "px";
    } else {
      img.style.width = img.style.left = img.style.top = frame.style.height = "";
    }
    $("zoom").hidden = !data.regions.length;
    $("zoom").textContent = zoomed ? t("Whole board") : t("Zoom to my choices");
    hits.replaceChildren();
    data.regions.forEach((region, index) => {
      const b = bounds(region);
      const button = document.createElement("button");
      button.type = "button";
      button.className = "hit";
      button.dataset.action = region.action;
      button.dataset.index = String(index);
      button.setAttribute("aria-label", region.label);
      button.title = region.label;
      button.style.left = (b.x0 - view.x0) * scale + "px";
      button.style.top = (b.y0 - view.y0) * scale + "px";
      button.style.width = (b.x1 - b.x0) * scale + "px";
      button.style.height = (b.y1 - b.y0) * scale + "px";
      if (region.shape === "poly") {
        const points = [];
        for (let i = 0; i < region.points.length; i += 2) {
          points.push((region.points[i] - b.x0) * scale + "px " + (region.points[i + 1] - b.y0) * scale + "px");
        }
        button.style.clipPath = "polygon(" + points.join(", ") + ")";
      }
      button.addEventListener("click", () => ask(regionsLike(region)));
      hits.appendChild(button);
    });
    document.body.dataset.placed = String(data.page.stamp);
  }

  function bounds(region) {
    const p = region.points;
    if (region.shape === "rect") return { x0: p[0], y0: p[1], x1: p[2], y1: p[3] };
    const xs = p.filter((_, i) => i % 2 === 0), ys = p.filter((_, i) => i % 2 === 1);
    return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
  }

  function regionsLike(region) {
    const key = region.points.join(",");
    return data.regions.filter((r) => r.points.join(",") === key);
  }

  // A tap shows what it would do; only the confirmation sends it.
  function ask(regions) {
    pending = regions.length === 1 ? regions[0] : null;
    for (const hit of document.querySelectorAll(".hit")) {
      hit.classList.toggle("chosen", regions.some((r) => r.action === hit.dataset.action));
    }
    $("confirm").hidden = false;
    $("confirm-yes").disabled = pending === null;
    const options = $("confirm-options");
    options.replaceChildren();
    if (pending) {
      $("confirm-text").textContent = pending.label + "?";
    } else {
      $("confirm-text").textContent = t("Which one?");
      for (const region of regions) {
        const button = document.createElement("button");
        button.type = "button";
        button.textContent = region.label;
        button.dataset.action = region.action;
        button.addEventListener("click", () => ask([region]));
        options.appendChild(button);
      }
    }
    $("confirm").scrollIntoView({ block: "nearest" });
  }

  function cancel() {
    pending = null;
    $("confirm").hidden = true;
    for (const hit of document.querySelectorAll(".hit.chosen")) hit.classList.remove("chosen");
  }

  async function send(body) {
    $("error").hidden = true;
    $("news").hidden = true;
    const response = await fetch("/s/" + pageId + "/act", {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-Form-Token": data.form_token, ...sessionHeaders() },
      body: JSON.stringify(body),
    });
    const answer = await response.json().catch(() => ({ error: t("The table did not answer.") }));
    if (!response.ok) showError(new Error(answer.error));
    else if (answer.news && answer.news.length) {
      markdown($("news"), answer.news.join("\n"));
      $("news").hidden = false;
    }
    await refresh().catch(showError);
  }

  $("confirm-yes").addEventListener("click", () => {
    if (pending) send({ version: data.panel.version, action: pending.action });
  });
  $("confirm-no").addEventListener("click", cancel);
  $("zoom").addEventListener("click", () => { zoomed = !zoomed; layout(); });
  $("board").addEventListener("load", layout);
  window.addEventListener("resize", layout);
  listen((page) => {
    if (page.stamp === stamp) return;
    stamp = page.stamp;
    if (!data || data.page.stamp !== page.stamp) refresh().catch(showError);
  });
  refresh().catch(showError);
}

function start(kind, id, seatSession) {
  pageId = id;
  publicBase = "/g/" + id;
  session = seatSession || null;
  const history = $("history"), link = $("public");
  if (history) history.hidden = kind !== "public";
  if (link) link.hidden = kind !== "seat" || session !== null;  // inside Discord the frame stays on this page
  document.body.dataset.view = kind;
  if (kind === "public") publicPage();
  else seatPage();
}

if (document.body.dataset.page === "activity") window.gameTable = { start };
else start(document.body.dataset.page, pageId, null);
