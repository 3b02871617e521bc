// The lobby: create a table (game, variant, players, bots, rules options), join, watch.
"use strict";

// Where the server is mounted: "" at the root of its host, "/cards" under a prefix.
const BASE = location.pathname.replace(/\/tables\/[^/]*$/, "/").replace(/\/+$/, "");
let games = [];
let options = [];
const $ = (id) => document.getElementById(id);

function node(tag, text, attrs) {
  const n = document.createElement(tag);
  if (text !== undefined) n.textContent = text;
  for (const [k, v] of Object.entries(attrs || {})) n.setAttribute(k, v);
  return n;
}

function chosenGame() {
  return games.find((g) => g.name === $("game").value);
}

function seatSpecs() {
  const game = chosenGame();
  const box = $("seat-specs");
  const players = Number($("players").value) || game.default_players;
  box.replaceChildren(node("legend", "Who sits where"));
  for (let seat = 0; seat < players; seat++) {
    const select = node("select", undefined, { "data-seat": String(seat), name: "seat-" + seat });
    select.append(node("option", seat === 0 ? "you" : "a person", { value: "" }));
    for (const bot of game.bots) select.append(node("option", "bot: " + bot, { value: bot }));
    if (seat > 0) select.value = game.bots.find((b) => b !== "random") || "random";
    const label = node("label", "Seat " + (seat + 1) + " ");
    label.append(select);
    box.append(label);
  }
}

function optionInput(option) {
  const id = "rule-" + option.name;
  let input;
  if (option.type === "boolean") {
    input = node("input", undefined, { type: "checkbox", id });
    input.checked = Boolean(option.default);
  } else if (option.type === "choice") {
    input = node("select", undefined, { id });
    for (const choice of option.choices) input.append(node("option", String(choice).replace(/_/g, " "), { value: JSON.stringify(choice) }));
    input.value = JSON.stringify(option.default);
  } else {
    const numeric = option.type === "integer" || option.type === "number";
    input = node("input", undefined, { type: numeric ? "number" : "text", id });
    if (option.minimum !== null && option.minimum !== undefined) input.min = option.minimum;
    if (option.maximum !== null && option.maximum !== undefined) input.max = option.maximum;
    input.value = option.default === null || option.default === undefined ? "" : String(option.default);
  }
  input.dataset.rule = option.name;
  const label = node("label", option.title + " ", { title: option.help });
  label.append(input);
  return label;
}

function ruleValues() {
  const rules = {};
  for (const option of options) {
    const input = $("rule-" + option.name);
    if (!input) continue;
    let value;
    if (option.type === "boolean") value = input.checked;
    else if (option.type === "choice") value = JSON.parse(input.value);
    else if (option.type === "integer" || option.type === "number") value = input.value === "" ? option.default : Number(input.value);
    else value = input.value;
    if (JSON.stringify(value) !== JSON.stringify(option.default)) rules[option.name] = value;
  }
  return rules;
}

async function gameChanged() {
  const game = chosenGame();
  $("players").min = game.min_players;
  $("players").max = game.max_players;
  $("players").value = game.default_players;
  $("variant").replaceChildren(node("option", "(standard)", { value: "" }), ...game.variants.map((v) => node("option", v, { value: v })));
  seatSpecs();
  options = await api(BASE + "/api/games/" + encodeURIComponent(game.name) + "/rules");
  $("rules").replaceChildren(...options.map(optionInput));
}

async function api(path, body) {
  const response = await fetch(path, body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) throw new Error(data.error ? data.error.message : JSON.stringify(data));
  return data;
}

async function join(tableId, seat) {
  const joined = await api(BASE + "/api/tables/" + tableId + "/join", { seat, name: $("name").value || null });
  localStorage.setItem("cardkit-seat-" + tableId, JSON.stringify(joined));
  location.href = BASE + "/tables/" + tableId;
}

async function create(event) {
  event.preventDefault();
  const selects = [...document.querySelectorAll("#seat-specs select")];
  const body = {
    game: $("game").value,
    players: Number($("players").value),
    deals: Number($("deals").value) || 1,
    seats: selects.map((s) => (s.value ? { bot: s.value } : {})),
    rules: ruleValues(),
  };
  if ($("variant").value) body.variant = $("variant").value;
  if ($("timer").value) body.turn_timer = Number($("timer").value);
  try {
    const table = await api(BASE + "/api/tables", body);
    if (table.free.length) await join(table.id, table.free[0]);
    else location.href = BASE + "/tables/" + table.id + "?watch=1";
  } catch (error) {
    $("create-error").textContent = error.message;
    $("create-error").classList.remove("hidden");
  }
}

// How long a table has waited, for people: " · idle 3 min, closes in 12 min". Shown once a
// table has waited a minute, or at once where the server closes idle tables (--idle-expiry).
function idleText(t) {
  if (t.idle < (t.expires_in == null ? 60 : 1)) return "";
  const span = (s) => (s < 60 ? Math.floor(s) + " s" : s < 3600 ? Math.floor(s / 60) + " min" : Math.floor(s / 3600) + " h");
  return " · idle " + span(t.idle) + (t.expires_in == null ? "" : ", closes in " + span(t.expires_in));
}

async function listTables() {
  const tables = await api(BASE + "/api/tables");
  const list = $("tables");
  list.replaceChildren();
  if (!tables.length) list.append(node("li", "No tables yet: create one above.", { class: "empty-list" }));
  for (const t of tables) {
    const item = node("li");
    // Seats are numbered from 1 for people, as in the form and the Join buttons.
    const seats = t.seats.map((s, i) => (s.bot ? s.name + " (bot)" : s.taken ? s.name : "Seat " + (i + 1) + " (free)")).join(", ");
    item.append(node("span", t.title + " · " + t.id, { class: "what" }), node("span", t.status.replace("_", " ") + idleText(t)), node("span", seats, { class: "seats-text" }));
    const links = node("span", undefined, { class: "links" });
    for (const seat of t.free) {
      const b = node("button", "Join seat " + (seat + 1), { type: "button", "data-join": t.id + ":" + seat });
      b.addEventListener("click", () => join(t.id, seat).catch((e) => alert(e.message)));
      links.append(b);
    }
    links.append(node("a", "Watch", { href: BASE + "/tables/" + t.id + "?watch=1", "aria-label": "Watch table " + t.id }));
    item.append(links);
    list.append(item);
  }
}

async function start() {
  games = await api(BASE + "/api/games");
  $("game").replaceChildren(...games.map((g) => node("option", g.title, { value: g.name })));
  $("game").addEventListener("change", gameChanged);
  $("players").addEventListener("change", seatSpecs);
  $("create").addEventListener("submit", create);
  await gameChanged();
  await listTables();
  setInterval(listTables, 3000);
}

start();
