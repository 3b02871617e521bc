// The lobby: create a table, list tables, join a free seat or watch.
"use strict";

// Where the server is mounted: "" at the root of its host, "/cards" under a prefix.
const BASE = location.pathname.replace(/\/tables\/[^/]*$/, "/").replace(/\/+$/, "");
let games = [];
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
  box.replaceChildren();
  for (let seat = 0; seat < players; seat++) {
    const select = node("select", undefined, { "data-seat": String(seat), name: "seat-" + seat });
    select.append(node("option", seat === 0 ? "you" : "a person", { value: "" }));
    for (const bot of game.bots) select.append(node("option", "bot: " + bot, { value: bot }));
    if (seat > 0) select.value = game.bots.find((b) => b !== "random") || "random";
    const label = node("label", "Seat " + seat + " ");
    label.append(select);
    box.append(label);
  }
}

function gameChanged() {
  const game = chosenGame();
  $("players").min = game.min_players;
  $("players").max = game.max_players;
  $("players").value = game.default_players;
  $("variant").replaceChildren(node("option", "(standard)", { value: "" }), ...game.variants.map((v) => node("option", v, { value: v })));
  seatSpecs();
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

async function listTables() {
  const tables = await api(BASE + "/api/tables");
  const body = $("tables");
  body.replaceChildren();
  for (const t of tables) {
    const row = node("tr");
    const seats = t.seats.map((s) => s.name + (s.bot ? " (bot)" : s.taken ? "" : " (free)")).join(", ");
    row.append(node("td", t.id), node("td", t.title), node("td", seats), node("td", t.status.replace("_", " ")));
    const cell = node("td");
    for (const seat of t.free) {
      const b = node("button", "Join seat " + seat, { "data-join": t.id + ":" + seat });
      b.addEventListener("click", () => join(t.id, seat).catch((e) => alert(e.message)));
      cell.append(b);
    }
    const watch = node("a", "Watch", { href: BASE + "/tables/" + t.id + "?watch=1" });
    cell.append(" ", watch);
    row.append(cell);
    body.append(row);
  }
}

async function start() {
  games = await api(BASE + "/api/games");
  $("game").replaceChildren(...games.map((g) => node("option", g.title, { value: g.name })));
  $("game").addEventListener("change", gameChanged);
  $("players").addEventListener("change", seatSpecs);
  $("create").addEventListener("submit", create);
  gameChanged();
  await listTables();
  setInterval(listTables, 3000);
}

start();
