// The browser table: one WebSocket, the seat's own view, its legal actions as buttons.
"use strict";

// Where the server is mounted: "" at the root of its host, "/cards" under a prefix.
const BASE = location.pathname.replace(/\/tables\/[^/]*$/, "/").replace(/\/+$/, "");
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const params = new URLSearchParams(location.search);
const storeKey = "cardkit-seat-" + tableId;
const MAX_BUTTONS = 40;
let seatInfo = params.has("watch") ? null : JSON.parse(localStorage.getItem(storeKey) || "null");
let last = null;
let selected = new Set();
let socket = null;
let sentAt = 0;
let deadlineAt = null;

const $ = (id) => document.getElementById(id);

function seatNames(message) {
  return message.seats.map((s) => s.name + (s.bot ? " (bot)" : ""));
}

function showError(text) {
  const box = $("error");
  box.textContent = text;
  box.classList.toggle("hidden", !text);
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(scheme + "://" + location.host + BASE + "/api/tables/" + encodeURIComponent(tableId) + "/ws");
  let first = true;
  socket.onopen = () => socket.send(JSON.stringify({ type: "hello", token: seatInfo ? seatInfo.token : null }));
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "error") {
      showError(message.message);
      if (message.code === "bad_token") {
        localStorage.removeItem(storeKey);
        seatInfo = null;
      }
      if (last) render(last, false);
      return;
    }
    showError("");
    render(message, first);
    first = false;
  };
  socket.onclose = () => {
    $("status").textContent = "Disconnected; reconnecting…";
    setTimeout(connect, 1000);
  };
}

function send(action) {
  if (!socket || socket.readyState !== WebSocket.OPEN) return;
  sentAt = performance.now();
  socket.send(JSON.stringify({ type: "act", action }));
  for (const button of $("actions").querySelectorAll("button")) button.disabled = true;
}

function pick(code) {
  if (selected.has(code)) selected.delete(code);
  else selected.add(code);
  render(last, false);
}

function render(message, first) {
  if (message.version !== (last && last.version)) selected = new Set();
  last = message;
  const names = seatNames(message);
  const view = message.view;
  $("title").textContent = view.game + " · table " + message.table;
  $("who").textContent = message.seat === null ? "Watching" : "You are " + names[message.seat] + " (seat " + message.seat + ")";
  $("leave").classList.toggle("hidden", message.seat === null);
  renderStatus(message, names);
  renderSeats(message);
  const selectable = new Set(message.legal.flatMap(actionCards));
  renderView(view, $("zones"), $("facts"), { selectable, selected, onPick: pick }, names);
  renderActions(message);
  renderResult(message, names);
  renderStandings(message, names);
  renderLog(message, first);
}

function renderStatus(message, names) {
  const view = message.view;
  let text;
  if (view.is_over) text = message.standings.over ? "The match is over." : "Deal " + message.deal + " is over; the next deal starts soon.";
  else if (message.your_turn) text = "Your turn" + (view.to_act === message.seat && message.seat !== null ? "" : "");
  else text = "Waiting for " + names[view.to_act];
  deadlineAt = message.deadline === null ? null : Date.now() + message.deadline * 1000;
  $("status").textContent = text;
  $("status").classList.toggle("turn", message.your_turn);
}

function renderSeats(message) {
  const box = $("seats");
  box.replaceChildren();
  for (const seat of message.seats) {
    const classes = ["seat"];
    if (seat.seat === message.view.to_act) classes.push("to-act");
    if (seat.seat === message.seat) classes.push("me");
    const who = seat.bot ? "bot " + seat.bot : seat.taken ? (seat.connected ? "online" : "away") : "free seat";
    box.append(el("span", { class: classes.join(" "), text: seat.seat + ": " + seat.name + " — " + who }));
  }
}

function renderActions(message) {
  const box = $("actions");
  box.replaceChildren();
  $("actions-box").classList.toggle("hidden", !message.your_turn || !message.legal.length);
  const plain = message.legal.filter((a) => actionCards(a).length === 0);
  let withCards = message.legal.filter((a) => actionCards(a).length > 0);
  if (selected.size) {
    withCards = withCards.filter((a) => [...selected].every((c) => actionCards(a).includes(c)));
    withCards.sort((a, b) => actionCards(a).length - actionCards(b).length);
  }
  let hint = "";
  if (!selected.size && withCards.length > MAX_BUTTONS) {
    hint = "Click cards to choose a play (" + withCards.length + " plays use cards).";
    withCards = [];
  } else if (withCards.length > MAX_BUTTONS) {
    hint = withCards.length + " plays use these cards; the first " + MAX_BUTTONS + " are shown: select more cards.";
    withCards = withCards.slice(0, MAX_BUTTONS);
  } else if (selected.size && !withCards.length) hint = "No legal play uses all the selected cards.";
  $("hint").textContent = hint;
  for (const action of [...withCards, ...plain]) {
    const button = el("button", { class: "action", "data-action": action });
    button.textContent = action.replace(/\b([2-9TJQKA][SHDC])\b/g, (code) => cardText(code));
    button.addEventListener("click", () => send(action));
    box.append(button);
  }
}

function renderResult(message, names) {
  const box = $("result-box");
  box.classList.toggle("hidden", !message.result);
  if (!message.result) return;
  const r = message.result;
  const seats = (list) => (list.length ? list.map((s) => names[s]).join(", ") : "—");
  const parts = ["Winners: " + seats(r.winners), "Losers: " + seats(r.losers), "Why: " + humanize(r.reason)];
  if (r.points.length) parts.push("Points: " + r.points.map((p, s) => names[s] + " " + p).join(", "));
  for (const pay of r.payments) parts.push(names[pay.payer] + " pays " + names[pay.payee] + " " + pay.amount + (pay.reason ? " (" + humanize(pay.reason) + ")" : ""));
  $("result").replaceChildren(...parts.map((p) => el("div", { text: p })));
}

function renderStandings(message, names) {
  const s = message.standings;
  const rows = s.rows.map((row) => el("tr", {}, ...[row.place, names[row.seat], row.total, row.last, row.deals_won].map((v) => el("td", { text: String(v) }))));
  const head = el("tr", {}, ...["Place", "Seat", "Total", "Last deal", "Deals won"].map((h) => el("th", { text: h })));
  const title = "Deal " + s.deal + (s.deals ? " of " + s.deals : "") + (s.over ? " · match over, won by " + s.winners.map((w) => names[w]).join(", ") : "");
  $("standings").replaceChildren(el("div", { text: title }), el("table", { class: "list" }, head, ...rows));
}

function renderLog(message, first) {
  const log = $("log");
  if (first) log.replaceChildren();
  // The server narrates: one wording for the views, the command line and this table.
  for (const line of message.said) log.append(el("li", { text: line }));
  while (log.children.length > 200) log.firstChild.remove();
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

setInterval(() => {
  if (deadlineAt === null || !last || last.view.is_over) return;
  const left = Math.max(0, Math.round((deadlineAt - Date.now()) / 1000));
  $("status").textContent = $("status").textContent.replace(/ \(\d+ s left\)$/, "") + " (" + left + " s left)";
}, 1000);

connect();
