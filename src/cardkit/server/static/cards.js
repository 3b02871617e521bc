// Cards drawn in CSS: faces with rank and suit symbol (colour is never the only signal),
// backs fanned to a count, and small DOM helpers. No game-specific code.
"use strict";

const CARD_RE = /^([2-9TJQKA])([SHDC])$|^(BJ|RJ)$/;
const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const RANK_NAMES = { T: "10", J: "jack", Q: "queen", K: "king", A: "ace" };
const RANK_ORDER = "23456789TJQKA";

function isCard(value) {
  return typeof value === "string" && CARD_RE.test(value);
}

function cardText(code) {
  const m = CARD_RE.exec(code);
  if (!m) return code;
  if (m[3]) return m[3] === "RJ" ? "red joker" : "black joker";
  return (m[1] === "T" ? "10" : m[1]) + SUITS[m[2]];
}

function cardName(code) {
  const m = CARD_RE.exec(code);
  if (!m) return code;
  if (m[3]) return m[3] === "RJ" ? "red joker" : "black joker";
  return (RANK_NAMES[m[1]] || m[1]) + " of " + SUIT_NAMES[m[2]];
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "class") node.className = value;
    else if (name === "text") node.textContent = value;
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

// A card face; `pick` makes it a button (Tab to it, Enter or a click selects it).
function cardNode(code, options) {
  const m = CARD_RE.exec(code);
  const opts = options || {};
  const red = m && (m[2] === "H" || m[2] === "D" || m[3] === "RJ");
  const rank = m ? (m[3] ? "★" : m[1] === "T" ? "10" : m[1]) : "?";
  const suit = m ? (m[3] ? (m[3] === "RJ" ? "R" : "B") : SUITS[m[2]]) : "";
  const classes = ["card", red ? "red" : "black"];
  if (opts.small) classes.push("small");
  if (opts.isNew) classes.push("new");
  const label = cardName(code) + (opts.isNew ? ", just drawn" : "");
  let node;
  if (opts.pick) {
    classes.push("playable");
    if (opts.selected) classes.push("selected");
    node = el("button", { type: "button", class: classes.join(" "), "data-card": code,
      "aria-pressed": opts.selected ? "true" : "false", "aria-label": label, title: cardText(code) });
    node.addEventListener("click", () => opts.pick(code));
  } else {
    node = el("span", { class: classes.join(" "), "data-card": code, role: "img", "aria-label": label, title: cardText(code) });
  }
  node.append(
    el("span", { class: "corner", "aria-hidden": "true" }, el("span", { text: rank }), el("span", { text: suit })),
    el("span", { class: "pip", "aria-hidden": "true", text: suit }),
  );
  if (opts.isNew) node.append(el("span", { class: "badge", "aria-hidden": "true", text: "new" }));
  return node;
}

// `count` card backs, fanned (at most 12 drawn), with the count in words.
function backsNode(count, what, small) {
  const words = count + " " + (count === 1 ? "card" : "cards") + (what ? " " + what : "");
  if (!count) return el("span", { class: "empty", text: "no cards" + (what ? " " + what : "") });
  const box = el("span", { class: "fan backs" + (small ? " small" : ""), role: "img", "aria-label": words });
  for (let i = 0; i < Math.min(count, 12); i++) box.append(el("span", { class: "card back" + (small ? " small" : ""), "aria-hidden": "true" }));
  box.append(el("span", { class: "count", "aria-hidden": "true", text: String(count) }));
  return box;
}

function fanNode(codes, options, label) {
  const box = el("span", { class: "fan", role: "group", "aria-label": label || null });
  box.style.setProperty("--n", String(codes.length)); // how much the cards overlap (style.css)
  for (const code of codes) box.append(cardNode(code, options ? options(code) : {}));
  return box;
}

// Cards low to high by rank (2 low, ace high), then suit: how a hand is fanned.
function sortCards(codes) {
  const key = (c) => {
    const m = CARD_RE.exec(c);
    if (!m) return 99;
    return m[3] ? 60 + (m[3] === "RJ" ? 1 : 0) : RANK_ORDER.indexOf(m[1]) * 4 + "CDHS".indexOf(m[2]);
  };
  return [...codes].sort((a, b) => key(a) - key(b));
}

function actionCards(text) {
  return text.split(/[\s,]+/).filter(isCard);
}

function prettyAction(text) {
  return text.replace(/\b([2-9TJQKA][SHDC]|BJ|RJ)\b/g, (code) => cardText(code));
}

function cardsOf(value) {
  if (isCard(value)) return [value];
  return Array.isArray(value) ? value.filter(isCard) : [];
}
