// Lantern's companion page: the map as your hero sees it, its sheet, and its moves and attacks.
// Plain script, no framework, nothing fetched but from the GM's laptop. Everything it shows
// comes from Lantern, which decides what the hero may see; everything it asks is checked there.
"use strict";

const HEX = 0.5773502691896258; // a hex's corner radius for a unit cell (Lantern's HEX_RADIUS)
const params = new URLSearchParams(location.search);
const join = params.get("join") || "";
// A link may name the hero to take (`hero=Pip` or its id) and the player (`name=Anna`): the GM
// can hand each player their own link, and a test can join without a tap.
const wantedHero = params.get("hero");
const wantedName = params.get("name");
const claimKey = "lantern-claim:" + join;
const nameKey = "lantern-player-name";
const $ = (id) => document.getElementById(id);

let socket = null;
let view = null;
let hero = null;
let card = null; // what the card shows: {kind: "plan"|"attack"|"rolled", ...}
let retry = 500;
let closedForGood = false;
const camera = { scale: 0, x: 0, y: 0, fitted: false };

function show(section) {
  for (const id of ["join", "play", "message"]) $(id).hidden = id !== section;
}

function message(text) {
  $("message-text").textContent = text;
  show("message");
}

let toastTimer = 0;
function toast(text) {
  const t = $("toast");
  t.textContent = text;
  t.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { t.hidden = true; }, 4000);
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function connect() {
  if (!join) {
    message("Scan the GM's code to join: this link has no join code.");
    return;
  }
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(`${scheme}//${location.host}/ws?join=${encodeURIComponent(join)}`);
  socket.onopen = () => {
    retry = 500;
    const claim = localStorage.getItem(claimKey);
    if (claim) send({ t: "resume", claim });
  };
  socket.onmessage = (event) => {
    let m;
    try { m = JSON.parse(event.data); } catch { return; }
    receive(m);
  };
  socket.onclose = () => {
    socket = null;
    if (closedForGood) return;
    $("banner").textContent = "Reconnecting…";
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 5000);
  };
}

function receive(m) {
  switch (m.t) {
    case "lobby": return lobby(m);
    case "claimed":
      localStorage.setItem(claimKey, m.claim);
      hero = m.token;
      return;
    case "released":
      localStorage.removeItem(claimKey);
      hero = null; view = null; card = null;
      toast(m.reason);
      return;
    case "refused":
      if (/let go/.test(m.reason)) localStorage.removeItem(claimKey);
      toast(m.reason);
      return;
    case "closed":
      closedForGood = true;
      message(m.reason.charAt(0).toUpperCase() + m.reason.slice(1) + ".");
      return;
    case "view": return onView(m);
    case "plan": card = { kind: "plan", ...m }; return render();
    case "attack_plan": card = { kind: "attack", ...m }; return render();
    case "rolled": card = { kind: "rolled", ...m }; return render();
  }
}

function lobby(m) {
  view = null;
  $("banner").textContent = m.encounter;
  const name = $("player-name");
  if (!name.value) name.value = wantedName || localStorage.getItem(nameKey) || "";
  const wanted = wantedHero && m.heroes.find((h) => !h.claimed && (String(h.id) === wantedHero || h.name === wantedHero));
  if (wanted && !localStorage.getItem(claimKey)) {
    send({ t: "claim", token: wanted.id, name: name.value.trim() || "Player" });
  }
  const list = $("heroes");
  list.replaceChildren();
  for (const h of m.heroes) {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = h.claimed ? `${h.name} (taken)` : h.name;
    b.disabled = h.claimed;
    b.onclick = () => {
      localStorage.setItem(nameKey, name.value.trim());
      send({ t: "claim", token: h.id, name: name.value.trim() || "Player" });
    };
    li.append(b);
    list.append(li);
  }
  show("join");
}

function onView(m) {
  const first = !view;
  view = m;
  hero = m.hero.id;
  view.cellStates = decodeRuns(m.cells, m.map.width * m.map.height);
  notePings(m.pings || []);
  if (card && card.kind === "plan" && !m.may.move_token) card = null;
  show("play");
  if (first || !camera.fitted) fit();
  render();
}

function decodeRuns(runs, count) {
  const out = new Array(count).fill("h");
  let i = 0;
  for (const [, letter, n] of runs.matchAll(/([a-z])(\d+)/g)) {
    for (let k = 0; k < Number(n) && i < count; k++) out[i++] = letter;
  }
  return out;
}

// ---- Geometry: Lantern's grids, in map space (one unit a cell). ----

function cellAtOffset(grid, col, row) {
  if (grid === "hex_flat") return [col, row - ((col - (col & 1)) >> 1)];
  if (grid === "hex_pointy") return [col - ((row - (row & 1)) >> 1), row];
  return [col, row];
}

function centreOf(grid, [q, r]) {
  if (grid === "hex_flat") return [HEX + 1.5 * HEX * q, 0.5 + r + q / 2];
  if (grid === "hex_pointy") return [0.5 + q + r / 2, HEX + 1.5 * HEX * r];
  return [q + 0.5, r + 0.5];
}

function cellPolygon(grid, cell) {
  const [cx, cy] = centreOf(grid, cell);
  if (grid !== "hex_flat" && grid !== "hex_pointy") {
    return [[cx - 0.5, cy - 0.5], [cx + 0.5, cy - 0.5], [cx + 0.5, cy + 0.5], [cx - 0.5, cy + 0.5]];
  }
  const start = grid === "hex_flat" ? 0 : Math.PI / 6;
  return [0, 1, 2, 3, 4, 5].map((i) => {
    const a = start + (i * Math.PI) / 3;
    return [cx + HEX * Math.cos(a), cy + HEX * Math.sin(a)];
  });
}

function cellAtPoint(grid, [x, y]) {
  // The nearest cell centre among the candidates around the point.
  const guess = grid === "hex_flat"
    ? [Math.round((x - HEX) / (1.5 * HEX)), 0]
    : grid === "hex_pointy" ? [0, Math.round((y - HEX) / (1.5 * HEX))] : [Math.floor(x), Math.floor(y)];
  if (grid !== "hex_flat" && grid !== "hex_pointy") return guess;
  let best = null, bestD = Infinity;
  const approx = grid === "hex_flat"
    ? [guess[0], Math.round(y - 0.5 - guess[0] / 2)]
    : [Math.round(x - 0.5 - guess[1] / 2), guess[1]];
  for (let dq = -2; dq <= 2; dq++) for (let dr = -2; dr <= 2; dr++) {
    const c = [approx[0] + dq, approx[1] + dr];
    const [cx, cy] = centreOf(grid, c);
    const d = (cx - x) ** 2 + (cy - y) ** 2;
    if (d < bestD) { bestD = d; best = c; }
  }
  return best;
}

function mapExtent(m) {
  let maxX = 0, maxY = 0;
  for (let row = 0; row < m.height; row++) for (let col = 0; col < m.width; col++) {
    if (row > 0 && row < m.height - 1 && col > 0 && col < m.width - 1) continue;
    for (const [x, y] of cellPolygon(m.grid, cellAtOffset(m.grid, col, row))) {
      maxX = Math.max(maxX, x); maxY = Math.max(maxY, y);
    }
  }
  return [maxX, maxY];
}

// ---- The map canvas: drawing, pinch-zoom and drag-pan. ----

const canvas = $("map");
const ctx = canvas.getContext("2d");

function fit() {
  if (!view) return;
  const rect = canvas.getBoundingClientRect();
  if (rect.width === 0) return;
  const [w, h] = mapExtent(view.map);
  camera.scale = Math.min(rect.width / w, rect.height / h) * 0.96;
  // Centred on the hero when the map is larger than the screen.
  const me = view.tokens.find((t) => t.id === hero);
  const minScale = 28;
  if (camera.scale < minScale && me) {
    camera.scale = minScale;
    camera.x = rect.width / 2 - me.centre[0] * camera.scale;
    camera.y = rect.height / 2 - me.centre[1] * camera.scale;
  } else {
    camera.x = (rect.width - w * camera.scale) / 2;
    camera.y = (rect.height - h * camera.scale) / 2;
  }
  camera.fitted = true;
}

const toScreen = ([x, y]) => [camera.x + x * camera.scale, camera.y + y * camera.scale];
const toMap = ([x, y]) => [(x - camera.x) / camera.scale, (y - camera.y) / camera.scale];

function path(points) {
  ctx.beginPath();
  points.forEach((p, i) => {
    const [x, y] = toScreen(p);
    if (i === 0) ctx.moveTo(x, y); else ctx.lineTo(x, y);
  });
  ctx.closePath();
}

const CELL_FILL = { h: "#050507", e: "#2a2a31", b: "#6d6a5e", d: "#4d4b44", k: "#2b2a28", v: "#6d6a5e" };

function drawMap() {
  const dpr = window.devicePixelRatio || 1;
  const rect = canvas.getBoundingClientRect();
  canvas.width = Math.round(rect.width * dpr);
  canvas.height = Math.round(rect.height * dpr);
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = "#050507";
  ctx.fillRect(0, 0, rect.width, rect.height);
  if (!view) return;
  const m = view.map;
  ctx.lineWidth = 1;
  for (let row = 0; row < m.height; row++) for (let col = 0; col < m.width; col++) {
    const state = view.cellStates[row * m.width + col];
    if (state === "h") continue;
    path(cellPolygon(m.grid, cellAtOffset(m.grid, col, row)));
    ctx.fillStyle = CELL_FILL[state] || CELL_FILL.v;
    ctx.fill();
    if (m.grid !== "gridless") { ctx.strokeStyle = "rgba(0,0,0,0.35)"; ctx.stroke(); }
  }
  for (const area of view.areas) {
    ctx.fillStyle = "rgba(226,120,60,0.28)";
    for (const [col, row] of area.cells) {
      path(cellPolygon(m.grid, cellAtOffset(m.grid, col, row)));
      ctx.fill();
    }
  }
  if (card && card.kind === "plan" && card.path.length > 1) {
    ctx.strokeStyle = card.refused ? "#e06a5a" : "#4aa3ff";
    ctx.lineWidth = Math.max(3, camera.scale * 0.12);
    ctx.beginPath();
    card.path.forEach((c, i) => {
      const [x, y] = toScreen(centreOf(m.grid, c));
      if (i === 0) ctx.moveTo(x, y); else ctx.lineTo(x, y);
    });
    ctx.stroke();
  }
  for (const wall of view.walls) {
    const [ax, ay] = toScreen(wall.a), [bx, by] = toScreen(wall.b);
    ctx.strokeStyle = { wall: "#d9d4c5", door: "#c8873a", open_door: "#6b5530", window: "#7fb3d9" }[wall.kind];
    ctx.lineWidth = Math.max(2, camera.scale * (wall.kind === "wall" ? 0.1 : 0.14));
    ctx.setLineDash(wall.kind === "open_door" ? [6, 5] : []);
    ctx.beginPath(); ctx.moveTo(ax, ay); ctx.lineTo(bx, by); ctx.stroke();
  }
  ctx.setLineDash([]);
  for (const t of view.tokens) drawToken(t);
  drawPings();
  if (card && card.kind === "plan") {
    path(cellPolygon(m.grid, card.to));
    ctx.strokeStyle = card.refused ? "#e06a5a" : "#4aa3ff";
    ctx.lineWidth = 3;
    ctx.stroke();
  }
  document.body.dataset.drawn = "1";
  if (!window.lanternFirstDrawn) window.lanternFirstDrawn = performance.now();
}

// ---- Pings from the table: rings growing from a spot for the time each has left. ----

const pings = new Map(); // id -> {at, ends} (ends on performance.now()'s clock)
let animating = false;

function notePings(list) {
  const now = performance.now();
  for (const p of list) if (!pings.has(p.id)) pings.set(p.id, { at: p.at, ends: now + p.ms });
  if (pings.size && !animating) {
    animating = true;
    requestAnimationFrame(animatePings);
  }
}

function animatePings() {
  const now = performance.now();
  for (const [id, p] of pings) if (p.ends <= now) pings.delete(id);
  drawMap();
  animating = pings.size > 0;
  if (animating) requestAnimationFrame(animatePings);
}

function drawPings() {
  const now = performance.now();
  const cell = Math.max(camera.scale, 24);
  for (const p of pings.values()) {
    const left = (p.ends - now) / 1000;
    if (left <= 0) continue;
    const [x, y] = toScreen(p.at);
    const fade = Math.min(1, left / 3);
    for (let wave = 0; wave < 3; wave++) {
      const age = ((now / 1000) - wave / 3) % 1;
      ctx.strokeStyle = `rgba(255,236,160,${(fade * (1 - age)).toFixed(3)})`;
      ctx.lineWidth = Math.max(3, cell * 0.12);
      ctx.beginPath();
      ctx.arc(x, y, cell * (0.3 + 1.5 * age), 0, 2 * Math.PI);
      ctx.stroke();
    }
    ctx.fillStyle = `rgba(255,236,160,${fade.toFixed(3)})`;
    ctx.beginPath();
    ctx.arc(x, y, cell * 0.15, 0, 2 * Math.PI);
    ctx.fill();
  }
}

function drawToken(t) {
  const [x, y] = toScreen(t.centre);
  const r = t.radius * camera.scale;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, 2 * Math.PI);
  ctx.fillStyle = t.color;
  ctx.fill();
  ctx.lineWidth = t.current ? 4 : 2;
  ctx.strokeStyle = t.current ? "#e2b04a" : t.id === hero ? "#ffffff" : "rgba(0,0,0,0.6)";
  ctx.stroke();
  ctx.fillStyle = "#ffffff";
  ctx.font = `600 ${Math.max(11, Math.min(15, r * 0.6))}px system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "top";
  ctx.lineWidth = 3;
  ctx.strokeStyle = "rgba(0,0,0,0.85)";
  ctx.strokeText(t.name, x, y + r + 2);
  ctx.fillText(t.name, x, y + r + 2);
  if (t.conditions.length) {
    ctx.font = `${Math.max(10, Math.min(13, r * 0.5))}px system-ui, sans-serif`;
    ctx.textBaseline = "bottom";
    const text = t.conditions.join(", ");
    ctx.strokeText(text, x, y - r - 2);
    ctx.fillStyle = "#e2b04a";
    ctx.fillText(text, x, y - r - 2);
  }
}

const pointers = new Map();
let gesture = null;

canvas.addEventListener("pointerdown", (e) => {
  canvas.setPointerCapture(e.pointerId);
  pointers.set(e.pointerId, [e.offsetX, e.offsetY]);
  gesture = { moved: false, start: [e.offsetX, e.offsetY], camera: { ...camera }, pinch: pinchOf() };
});
canvas.addEventListener("pointermove", (e) => {
  if (!pointers.has(e.pointerId) || !gesture) return;
  pointers.set(e.pointerId, [e.offsetX, e.offsetY]);
  const pinch = pinchOf();
  if (pinch && gesture.pinch) {
    const k = pinch.distance / gesture.pinch.distance;
    camera.scale = Math.min(200, Math.max(4, gesture.camera.scale * k));
    const [mx, my] = [(gesture.pinch.mid[0] - gesture.camera.x) / gesture.camera.scale, (gesture.pinch.mid[1] - gesture.camera.y) / gesture.camera.scale];
    camera.x = pinch.mid[0] - mx * camera.scale;
    camera.y = pinch.mid[1] - my * camera.scale;
    gesture.moved = true;
  } else if (pointers.size === 1) {
    const dx = e.offsetX - gesture.start[0], dy = e.offsetY - gesture.start[1];
    if (Math.hypot(dx, dy) > 8) gesture.moved = true;
    if (gesture.moved) { camera.x = gesture.camera.x + dx; camera.y = gesture.camera.y + dy; }
  }
  if (gesture.moved) drawMap();
});
canvas.addEventListener("pointerup", (e) => {
  pointers.delete(e.pointerId);
  if (gesture && !gesture.moved && pointers.size === 0) tap([e.offsetX, e.offsetY]);
  if (pointers.size === 0) gesture = null;
  else gesture = { moved: true, start: [...pointers.values()][0], camera: { ...camera }, pinch: pinchOf() };
});
canvas.addEventListener("pointercancel", (e) => { pointers.delete(e.pointerId); gesture = null; });
canvas.addEventListener("wheel", (e) => {
  e.preventDefault();
  const k = Math.exp(-e.deltaY * 0.0015);
  const [mx, my] = toMap([e.offsetX, e.offsetY]);
  camera.scale = Math.min(200, Math.max(4, camera.scale * k));
  camera.x = e.offsetX - mx * camera.scale;
  camera.y = e.offsetY - my * camera.scale;
  drawMap();
}, { passive: false });

function pinchOf() {
  if (pointers.size !== 2) return null;
  const [a, b] = [...pointers.values()];
  return { distance: Math.max(1, Math.hypot(a[0] - b[0], a[1] - b[1])), mid: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] };
}

function tap(point) {
  if (!view) return;
  const p = toMap(point);
  const target = view.tokens.find((t) => t.id !== hero && Math.hypot(t.centre[0] - p[0], t.centre[1] - p[1]) <= t.radius);
  if (target) {
    if (!view.may.attack) return toast("You can attack on your hero's turn.");
    return send({ t: "attack_plan", target: target.id });
  }
  if (!view.may.move_token) return toast("You can move on your hero's turn.");
  const cell = cellAtPoint(view.map.grid, p);
  send({ t: "plan", to: cell });
}

// ---- The panel: turn, the card (a move or an attack), and the sheet. ----

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v; else if (k.startsWith("on")) e[k] = v; else e.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
}

function render() {
  if (!view) return;
  const b = view.banner;
  $("banner").textContent = b ? `Round ${b.round}${b.turn ? ` — ${b.turn}'s turn` : ""}` : view.encounter;
  const h = view.hero;
  let state = h.its_turn ? "Your turn" : "Not your turn";
  if (h.movement_left !== null && h.movement_left !== undefined) state += ` · movement left ${h.movement_left} of ${h.speed}`;
  else state += ` · speed ${h.speed}`;
  if (b) state += h.reaction_available ? " · reaction ready" : " · reaction used";
  $("turn-state").textContent = state;
  $("end-turn").hidden = !view.may.end_turn;
  $("reaction").hidden = !view.may.reaction;
  renderCard();
  renderSheet(h);
  drawMap();
}

$("end-turn").onclick = () => { card = null; send({ t: "end_turn" }); };
$("reaction").onclick = () => send({ t: "reaction" });

function renderCard() {
  const box = $("card");
  box.replaceChildren();
  box.hidden = !card;
  if (!card) return;
  const close = el("button", { type: "button", onclick: () => { card = null; render(); } }, "Close");
  if (card.kind === "plan") {
    box.append(el("h2", {}, `Move to (${card.to[0]}, ${card.to[1]})`));
    if (card.refused) box.append(el("p", { class: "refused" }, card.refused));
    else box.append(el("p", {}, `Costs ${card.cost} of ${card.left} movement left`));
    const go = el("button", { type: "button", class: "primary", onclick: () => { send({ t: "move", to: card.to }); card = null; render(); } }, "Move here");
    go.disabled = Boolean(card.refused);
    box.append(el("div", { class: "buttons" }, go, close));
  } else if (card.kind === "attack") {
    box.append(el("h2", {}, `Attack ${card.target_name}${card.attack ? ` with ${card.attack}` : ""}`));
    const h = view.hero;
    if (h.attacks.length > 1) {
      const pick = el("select", { "aria-label": "Attack with" });
      for (const a of h.attacks) {
        const o = el("option", { value: a.index }, `${a.name} (${a.range})`);
        if (a.index === card.weapon) o.selected = true;
        pick.append(o);
      }
      pick.onchange = () => send({ t: "attack_plan", target: card.target, weapon: Number(pick.value) });
      box.append(pick);
    }
    for (const line of card.lines) box.append(el("div", { class: line.on ? "line" : "line off" }, el("span", {}, line.text), el("b", {}, line.effect)));
    if (card.against) box.append(el("div", { class: "line" }, el("span", {}, "Against"), el("b", {}, card.against)));
    for (const s of card.stand_ins) box.append(el("div", { class: "hint" }, s));
    box.append(el("div", { class: "odds" }, ...card.odds.map(([o, p]) => el("span", {}, `${o} ${(p * 100).toFixed(0)}%`))));
    if (card.refused) box.append(el("p", { class: "refused" }, card.refused));
    const inputs = card.dice.map((sides, i) => el("input", { type: "number", inputmode: "numeric", min: "1", max: String(sides), "aria-label": `d${sides} ${i + 1}`, placeholder: `d${sides}` }));
    box.append(el("p", { class: "hint" }, "Rolling your own dice? Enter what they show (\"I rolled 14\"); leave a die empty for Lantern to roll it."));
    box.append(el("div", { class: "dice" }, ...inputs.map((input, i) => el("label", {}, `d${card.dice[i]}`, input))));
    const roll = el("button", { type: "button", class: "primary", onclick: () => {
      const faces = inputs.map((x) => (x.value.trim() === "" ? null : Number(x.value)));
      send({ t: "attack", target: card.target, weapon: card.weapon, faces });
    } }, "Roll");
    roll.disabled = Boolean(card.refused) || !view.may.attack;
    box.append(el("div", { class: "buttons" }, roll, close));
  } else if (card.kind === "rolled") {
    box.append(el("h2", {}, card.what));
    box.append(el("div", { class: "result" }, card.result));
    box.append(el("div", { class: "hint" }, card.dice));
    if (card.awaiting_gm) box.append(el("p", { class: "hint" }, "The GM applies it."));
    box.append(el("div", { class: "buttons" }, close));
  }
}

function renderSheet(h) {
  const sheet = $("sheet");
  sheet.replaceChildren(el("h2", {}, h.name));
  const numbers = (list) => el("div", { class: "numbers" }, ...list.map((n) => el("div", { class: "number" }, el("span", {}, n.label), el("b", {}, String(n.value)))));
  if (h.standing.length) sheet.append(el("div", { class: "sheet-section" }, el("h3", {}, "Left"), numbers(h.standing)));
  if (h.momentum.length) {
    const section = el("div", { class: "sheet-section" }, el("h3", {}, "Momentum dice"), numbers(h.momentum));
    if (view.may.momentum && h.momentum_choices.length) {
      const row = el("div", { class: "buttons momentum" });
      for (const c of h.momentum_choices) {
        const b = el("button", { type: "button", title: c.refused || "", onclick: () => send({ t: "momentum", choice: c.choice }) }, c.label);
        b.disabled = Boolean(c.refused);
        row.append(b);
      }
      section.append(row);
    }
    sheet.append(section);
  }
  const conditions = el("div", { class: "sheet-section" }, el("h3", {}, "Conditions"));
  if (!h.conditions.length) conditions.append(el("div", { class: "hint" }, "None"));
  for (const c of h.conditions) conditions.append(el("div", { class: "condition" }, el("b", {}, c.name), c.does ? ` — ${c.does}` : ""));
  sheet.append(conditions);
  if (h.attacks.length) {
    const attacks = el("div", { class: "sheet-section" }, el("h3", {}, "Attacks"));
    for (const a of h.attacks) attacks.append(el("div", { class: "number" }, el("span", {}, `${a.name} (${a.range})`), el("b", {}, a.numbers)));
    sheet.append(attacks);
  }
  for (const s of h.sections) sheet.append(el("div", { class: "sheet-section" }, el("h3", {}, s.title), numbers(s.numbers)));
}

window.addEventListener("resize", () => { camera.fitted = false; fit(); drawMap(); });
connect();
