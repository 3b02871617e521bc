// The browser table: one WebSocket, the seat's own view drawn as a table, its moves as buttons.
"use strict";

// Where the server is mounted: "" at the root of its host, "/cards" under a prefix.
const BASE = location.pathname.replace(/\/tables\/[^/]*$/, "/").replace(/\/+$/, "");
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const params = new URLSearchParams(location.search);
const storeKey = "cardkit-seat-" + tableId;
const MAX_BUTTONS = 40;
const LOG_LINES = 60;
let seatInfo = params.has("watch") ? null : JSON.parse(localStorage.getItem(storeKey) || "null");
let layout = { seats: [], centre: [], keys: [] };
let title = "";
let last = null;
let selected = new Set();
let socket = null;
let deadlineAt = null;
let handBefore = { deal: null, cards: null };
let fresh = new Set();
let turnShown = false;
let resultShown = false;
const logged = new Set();

const $ = (id) => document.getElementById(id);

function seatNames(message) {
  return message.seats.map((s, i) => seatLabel(message.seats, i) + (s.bot ? " (bot)" : ""));
}

function showError(text) {
  $("error").textContent = text;
  $("error").classList.toggle("hidden", !text);
}

async function getJSON(path) {
  const response = await fetch(BASE + path);
  return response.ok ? response.json() : null;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(scheme + "://" + location.host + BASE + "/api/tables/" + encodeURIComponent(tableId) + "/ws");
  socket.onopen = () => socket.send(JSON.stringify({ type: "hello", token: seatInfo ? seatInfo.token : null }));
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "error") {
      showError(message.message);
      if (message.code === "bad_token") {
        localStorage.removeItem(storeKey);
        seatInfo = null;
      }
      if (last) render();
      return;
    }
    showError("");
    receive(message);
  };
  socket.onclose = () => {
    $("status").textContent = "Disconnected; reconnecting…";
    setTimeout(connect, 1000);
  };
}

// A new message: what changed is noted once (the log, the cards just drawn), then drawn.
function receive(message) {
  if (!last || message.version !== last.version || message.deal !== last.deal) selected = new Set();
  const hand = message.seat === null ? null : message.view.hand;
  if (Array.isArray(hand)) {
    // The cards just drawn stay marked until the hand changes again.
    const before = handBefore.deal === message.deal ? handBefore.cards : null;
    const changed = !before || before.join() !== hand.join();
    if (changed) {
      fresh = before && hand.length > before.length ? new Set(hand.filter((c) => !before.includes(c))) : new Set();
    }
    handBefore = { deal: message.deal, cards: hand };
  }
  last = message;
  appendLog(message);
  render();
}

function send(action) {
  if (!socket || socket.readyState !== WebSocket.OPEN) return;
  socket.send(JSON.stringify({ type: "act", action }));
  for (const button of document.querySelectorAll("button.move")) button.disabled = true;
}

function play(move) {
  if (!move.ends_hand) return send(move.action);
  $("confirm-text").textContent = "This move ends the hand: " + prettyAction(move.action) + ". Play it?";
  $("confirm-yes").onclick = () => { $("confirm").close(); send(move.action); };
  $("confirm").showModal();
}

function pick(code) {
  if (selected.has(code)) selected.delete(code);
  else selected.add(code);
  render();
  const again = document.querySelector('#my-seat button.card[data-card="' + code + '"]');
  if (again) again.focus();
}

function render() {
  const message = last;
  const names = seatNames(message);
  const view = message.view;
  document.title = (title || view.game) + " · cardkit";
  $("title").textContent = title || view.game;
  $("who").textContent = message.seat === null ? "Watching" : "You are " + names[message.seat];
  $("leave").classList.toggle("hidden", message.seat === null);
  renderStatus(message, names);
  renderSeats(message, layout, names);
  renderCentre(message, layout, names, $("centre"), $("facts"));
  renderMine(message, names);
  renderMoves(message);
  renderResult(message, names);
  if (message.your_turn && !turnShown) showInBoard(document.querySelector(".centre-box"));
  if (message.result && !resultShown) showInBoard($("result-box"));
  turnShown = message.your_turn;
  resultShown = Boolean(message.result);
}

// On a phone the board scrolls on its own. When your turn comes, what you must answer (the
// middle of the table) is scrolled into its window, and the end of a hand is too; by as
// little as it takes, so the seats above the middle stay in sight where they fit.
function showInBoard(node) {
  const board = $("board");
  if (board.scrollHeight <= board.clientHeight) return;
  const seen = board.getBoundingClientRect();
  const box = node.getBoundingClientRect();
  const up = box.top - seen.top - 4;
  if (box.bottom > seen.bottom) board.scrollTop += Math.min(box.bottom - seen.bottom + 4, up);
  else if (up < 0) board.scrollTop += up;
}

function renderStatus(message, names) {
  const view = message.view;
  let text;
  if (view.is_over) text = message.standings.over ? "The match is over." : "This deal is over; the next one starts soon.";
  else if (message.your_turn) text = message.window ? "▶ Your turn: you are asked, out of turn" : "▶ Your turn";
  else text = "Waiting for " + names[view.to_act];
  deadlineAt = message.deadline === null ? null : Date.now() + message.deadline * 1000;
  $("status").textContent = text;
  $("status").classList.toggle("turn", message.your_turn);
}

function legalCards(message) {
  return new Set(message.moves.flatMap((m) => actionCards(m.action)));
}

function renderMine(message, names) {
  const box = $("my-seat");
  if (message.seat === null) {
    box.classList.add("hidden");
    return;
  }
  box.classList.remove("hidden");
  const seat = message.seat;
  const view = message.view;
  const usable = message.your_turn ? legalCards(message) : new Set();
  const options = (code) => ({
    pick: usable.has(code) ? pick : null, selected: selected.has(code), isNew: fresh.has(code),
  });
  const hand = Array.isArray(view.hand) ? view.hand : [];
  const rows = seatSpots(view, layout, seat, { mine: true, pickFor: options });
  const handBox = hand.length ? fanNode(hand, options, "Your hand") : el("span", { class: "empty", text: "No cards in hand" });
  handBox.id = "hand";
  handBox.classList.add("hand");
  // the hand first: it is what you play from, nearest the moves
  box.replaceChildren(seatHeader(message, seat, names), handBox, ...rows, ...seatFacts(message, seat));
  box.classList.toggle("acting", message.your_turn);
}

// The moves: those without cards, and those using the selected cards (or all, when few).
function shownMoves(message) {
  const plain = message.moves.filter((m) => !actionCards(m.action).length);
  let withCards = message.moves.filter((m) => actionCards(m.action).length);
  let hint = "";
  if (selected.size) {
    withCards = withCards.filter((m) => [...selected].every((c) => actionCards(m.action).includes(c)));
    withCards.sort((a, b) => actionCards(a.action).length - actionCards(b.action).length);
    if (!withCards.length) hint = "No move uses all the selected cards.";
    else hint = "Selected: " + [...selected].map(cardText).join(" ") + ". Tap a move to play it.";
  } else if (withCards.length > 12) {
    hint = "Select cards to see the moves with them (" + withCards.length + " moves use cards).";
    withCards = [];
  }
  if (withCards.length > MAX_BUTTONS) {
    hint = withCards.length + " moves use these cards; the first " + MAX_BUTTONS + " are shown: select more cards.";
    withCards = withCards.slice(0, MAX_BUTTONS);
  }
  return { moves: [...withCards, ...plain], hint };
}

// The moves in groups by verb; a move of exactly the selected cards is the one they make.
function moveGroups(moves) {
  const groups = new Map();
  for (const move of moves) {
    const verb = move.action.split(" ")[0];
    if (!groups.has(verb)) groups.set(verb, []);
    groups.get(verb).push(move);
  }
  const out = [];
  for (const [verb, list] of groups) {
    const buttons = list.map((move) => {
      const cards = actionCards(move.action);
      const makes = selected.size > 0 && cards.length === selected.size && cards.every((c) => selected.has(c));
      const b = el("button", { type: "button", class: "move" + (move.ends_hand ? " ends" : "") + (makes ? " primary" : ""), "data-action": move.action, title: move.help || null },
        prettyAction(move.action), move.ends_hand ? el("span", { class: "sr-only", text: " (ends the hand)" }) : null);
      b.addEventListener("click", () => play(move));
      return b;
    });
    out.push(el("div", { class: "move-group", "data-verb": verb },
      el("p", { class: "move-help", text: list[0].help || verb }), el("div", { class: "moves" }, ...buttons)));
  }
  return out;
}

function renderMoves(message) {
  const mine = message.your_turn && message.moves.length > 0;
  const { moves, hint } = mine ? shownMoves(message) : { moves: [], hint: "" };
  const dialog = $("window");
  if (mine && message.window) {
    $("bar").classList.add("hidden");
    $("actions").replaceChildren();
    $("window-moves").replaceChildren(el("p", { class: "hint", text: hint }), ...moveGroups(moves));
    if (!dialog.open) dialog.showModal();
    return;
  }
  if (dialog.open) dialog.close();
  $("window-moves").replaceChildren();
  $("bar").classList.toggle("hidden", !mine);
  $("hint").textContent = hint;
  $("actions").replaceChildren(...moveGroups(moves));
}

function resultLines(message, names) {
  const r = message.result;
  const who = (list) => list.map((s) => names[s]).join(", ");
  const lines = [];
  if (r.winners.length) lines.push(who(r.winners) + (r.winners.length === 1 ? " wins" : " win") + " (" + r.reason.replace(/_/g, " ") + ").");
  else lines.push("Nobody wins (" + r.reason.replace(/_/g, " ") + ").");
  if (r.losers && r.losers.length) lines.push("Lost: " + who(r.losers) + ".");
  for (const pay of r.payments || []) lines.push(names[pay.payer] + " pays " + names[pay.payee] + " " + pay.amount + (pay.reason ? " (" + pay.reason.replace(/_/g, " ") + ")" : "") + ".");
  if (r.points && r.points.length) lines.push("Points: " + r.points.map((p, s) => names[s] + " " + p).join(", ") + ".");
  return lines;
}

function renderResult(message, names) {
  const box = $("result-box");
  box.classList.toggle("hidden", !message.result);
  if (!message.result) return;
  const s = message.standings;
  const lines = resultLines(message, names).map((t) => el("p", { text: t }));
  const head = el("tr", {}, ...["Place", "Player", "Total", "Last deal"].map((h) => el("th", { scope: "col", text: h })));
  const rows = s.rows.map((row) => el("tr", {}, ...[row.place, names[row.seat], row.total, row.last].map((v) => el("td", { text: String(v) }))));
  const title = s.over ? "Final standings: won by " + s.winners.map((w) => names[w]).join(", ") : "Standings after deal " + s.deal + (s.deals ? " of " + s.deals : "");
  const next = s.over ? el("button", { type: "button", id: "rematch", class: "primary", text: "Rematch" }) : el("p", { text: "The next deal starts in a moment." });
  if (s.over) next.addEventListener("click", rematch);
  $("result").replaceChildren(...lines, el("h3", { text: title }), el("table", { class: "list" }, head, ...rows), next);
}

async function rematch() {
  const answer = await fetch(BASE + "/api/tables/" + encodeURIComponent(tableId) + "/rematch", { method: "POST" });
  const table = await answer.json();
  if (!answer.ok) return showError(table.error ? table.error.message : "no rematch");
  const mine = last.seat !== null && table.free.includes(last.seat) ? last.seat : table.free[0];
  if (mine === undefined || last.seat === null) {
    location.href = BASE + "/tables/" + table.id + "?watch=1";
    return;
  }
  const name = last.seats[last.seat].name;
  const joined = await fetch(BASE + "/api/tables/" + table.id + "/join", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ seat: mine, name }),
  });
  if (!joined.ok) return showError("the rematch seat is taken");
  localStorage.setItem("cardkit-seat-" + table.id, JSON.stringify(await joined.json()));
  location.href = BASE + "/tables/" + table.id;
}

// Each event once, by its number in its deal: a reconnect's history adds nothing twice.
function appendLog(message) {
  const log = $("log");
  message.said.forEach((line, i) => {
    const key = message.deal + ":" + (message.first_event + i);
    if (logged.has(key) || !line) return;
    logged.add(key);
    log.append(el("li", { "data-event": key, text: line }));
  });
  while (log.children.length > LOG_LINES) log.firstChild.remove();
  log.scrollTop = log.scrollHeight;
}

$("leave").addEventListener("click", async () => {
  if (!seatInfo) return;
  await fetch(BASE + "/api/tables/" + encodeURIComponent(tableId) + "/leave", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ token: seatInfo.token }),
  });
  localStorage.removeItem(storeKey);
  seatInfo = null;
});
$("confirm-no").addEventListener("click", () => $("confirm").close());

setInterval(() => {
  if (deadlineAt === null || !last || last.view.is_over) return;
  const left = Math.max(0, Math.round((deadlineAt - Date.now()) / 1000));
  $("status").textContent = $("status").textContent.replace(/ \(\d+ s left\)$/, "") + " (" + left + " s left)";
}, 1000);

(async () => {
  const [found, info] = await Promise.all([getJSON("/api/tables/" + encodeURIComponent(tableId) + "/layout"), getJSON("/api/tables/" + encodeURIComponent(tableId))]);
  if (found) layout = found;
  if (info) title = info.title;
  connect();
})();
