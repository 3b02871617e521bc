// Generic rendering of any cardkit game's view: cards, zones, counts and facts.
// No game-specific code: a view is read by the shape of its fields.
"use strict";

const CARD_RE = /^([2-9TJQKA])([SHDC])$|^(BJ|RJ)$/;
const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const BASE_FIELDS = new Set(["game", "seat", "players", "to_act", "is_over", "legal_actions", "recent"]);

function isCard(value) {
  return typeof value === "string" && CARD_RE.test(value);
}

function isCardList(value) {
  return Array.isArray(value) && value.length > 0 && value.every(isCard);
}

function isCardRows(value) {
  return Array.isArray(value) && value.length > 0 &&
    value.every((row) => Array.isArray(row) && row.every(isCard)) && value.some((row) => row.length > 0);
}

function cardText(code) {
  const m = CARD_RE.exec(code);
  if (!m) return code;
  if (m[3]) return m[3] === "RJ" ? "red joker" : "black joker";
  return (m[1] === "T" ? "10" : m[1]) + SUITS[m[2]];
}

function humanize(key) {
  return key.replace(/_/g, " ");
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (name === "class") node.className = value;
    else if (name === "text") node.textContent = value;
    else node.setAttribute(name, value);
  }
  for (const child of children) if (child != null) node.append(child);
  return node;
}

function cardNode(code, options) {
  const m = CARD_RE.exec(code);
  const red = m && (m[2] === "H" || m[2] === "D" || m[3] === "RJ");
  const node = el("span", { class: "card" + (red ? " red" : ""), "data-card": code, title: cardText(code) });
  if (m && m[3]) {
    node.append(el("span", { text: "★" }), el("span", { class: "suit", text: m[3] === "RJ" ? "R" : "B" }));
  } else if (m) {
    node.append(el("span", { text: m[1] === "T" ? "10" : m[1] }), el("span", { class: "suit", text: SUITS[m[2]] }));
  }
  if (options && options.selectable && options.selectable.has(code)) {
    node.classList.add("selectable");
    if (options.selected.has(code)) node.classList.add("selected");
    node.addEventListener("click", () => options.onPick(code));
  }
  return node;
}

function cardRow(codes, options) {
  return el("span", { class: "cards" }, ...codes.map((code) => cardNode(code, options)));
}

function countNode(value) {
  return el("span", { class: "cards" }, el("span", { class: "card back", title: value + " hidden" }),
    el("span", { class: "count", text: String(value) }));
}

function isCountKey(key) {
  return /._(count|counts|size|sizes)$/.test(key);
}

function seatLabel(seatNames, seat) {
  return seatNames[seat] || "Seat " + seat;
}

function factText(value, seatNames) {
  if (value === true) return "yes";
  if (value === false) return "no";
  if (Array.isArray(value)) return value.length ? value.map((v) => factText(v, seatNames)).join(", ") : "—";
  if (value && typeof value === "object") return JSON.stringify(value);
  if (isCard(value)) return cardText(value);
  return String(value);
}

// Render one view into the zones and facts containers.
function renderView(view, zonesBox, factsBox, options, seatNames) {
  zonesBox.replaceChildren();
  factsBox.replaceChildren();
  const zone = (label, content) => zonesBox.append(el("div", { class: "zone" }, el("span", { class: "zone-name", text: label }), content));
  const fact = (label, text) => factsBox.append(el("span", { class: "fact" }, el("b", { text: label + ": " }), text));
  for (const [key, value] of Object.entries(view)) {
    if (BASE_FIELDS.has(key) || value === null) continue;
    const name = humanize(key);
    if (isCard(value)) zone(name, cardRow([value], options));
    else if (isCardList(value)) zone(name, cardRow(value, options));
    else if (isCardRows(value) && value.length === view.players) {
      value.forEach((row, seat) => zone(name + " · " + seatLabel(seatNames, seat), row.length ? cardRow(row, options) : el("span", { text: "—" })));
    } else if (isCardRows(value)) zone(name, el("span", { class: "cards" }, ...value.map((row) => cardRow(row, options))));
    else if (value && typeof value === "object" && !Array.isArray(value) && Object.values(value).some(isCardList)) {
      for (const [sub, cards] of Object.entries(value)) {
        const label = /^\d+$/.test(sub) ? seatLabel(seatNames, Number(sub)) : humanize(sub);
        zone(name + " · " + label, isCardList(cards) ? cardRow(cards, options) : el("span", { text: factText(cards, seatNames) }));
      }
    } else if (Array.isArray(value) && value.length && value.every((v) => v && typeof v === "object" && !Array.isArray(v))) {
      value.forEach((item, index) => {
        const cards = Object.values(item).find(isCardList);
        const rest = Object.entries(item).filter(([, v]) => !isCardList(v)).map(([k, v]) => humanize(k) + " " + factText(v, seatNames)).join(", ");
        zone(name + " " + (index + 1) + (rest ? " (" + rest + ")" : ""), cards ? cardRow(cards, options) : el("span", {}));
      });
    } else if (Array.isArray(value) && value.length === view.players && value.every(Array.isArray)) {
      zone(name, el("span", { class: "cards" }, ...value.map((v, seat) => el("span", { class: "seat", text: seatLabel(seatNames, seat) + ": " + factText(v, seatNames) }))));
    } else if (isCountKey(key) && typeof value === "number") zone(name, countNode(value));
    else if (isCountKey(key) && Array.isArray(value) && value.length === view.players && value.every((v) => typeof v === "number")) {
      zone(name, el("span", { class: "cards" }, ...value.map((v, seat) => el("span", { class: "seat", text: seatLabel(seatNames, seat) + ": " + v }))));
    } else fact(name, factText(value, seatNames));
  }
}

function actionCards(text) {
  return text.split(/[\s,]+/).filter(isCard);
}
