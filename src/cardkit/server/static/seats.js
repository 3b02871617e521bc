// The table seen from your seat, drawn from the layout the server sends once:
// you at the bottom, the others clockwise around the oval, the piles in the middle.
// No game-specific code: every spot names the view fields it is drawn from.
"use strict";

// A seat's name as people read it: a free seat is "Seat N", numbered from 1 as everywhere
// a person reads (the protocol's seat indices count from 0).
function seatLabel(seats, seat) {
  const info = seats[seat];
  return info.bot || info.taken ? info.name : "Seat " + (seat + 1);
}

// The other seats clockwise from `me` (the next seat sits on your left) and where each goes.
function seatPlaces(me, players) {
  const others = [];
  for (let k = 1; k < players; k++) others.push((me + k) % players);
  if (others.length === 1) return [[others[0], "top"]];
  return others.map((seat, i) => [seat, i === 0 ? "left" : i === others.length - 1 ? "right" : "top"]);
}

function seatValue(view, key, seat) {
  if (!key || !(key in view) || view[key] === null) return undefined;
  const value = view[key];
  if (Array.isArray(value)) return value[seat];
  if (typeof value === "object") return value[String(seat)];
  return undefined;
}

// What one seat shows at its place: its hand (backs, or cards once shown), rows, facts.
function seatSpots(view, layout, seat, options) {
  const parts = [];
  for (const spot of layout.seats) {
    if (spot.role === "hand") {
      if (options.mine) continue;
      const shown = seatValue(view, spot.revealed, seat);
      const count = seatValue(view, spot.count, seat);
      if (Array.isArray(shown)) parts.push(labelled("Hand shown", fanNode(shown, () => ({ small: true }), "Hand shown")));
      else if (typeof count === "number") parts.push(backsNode(count, "in hand", true));
    } else if (spot.role === "face_up") {
      const cards = seatValue(view, spot.cards, seat) || [];
      if (cards.length) parts.push(labelled(spot.label, fanNode(cards, options.pickFor || (() => ({ small: !options.mine })), spot.label)));
    } else if (spot.role === "face_down") {
      const count = seatValue(view, spot.count, seat);
      if (count) parts.push(labelled(spot.label, backsNode(count, spot.label.toLowerCase(), !options.mine)));
    }
  }
  return parts;
}

function labelled(label, content) {
  return el("div", { class: "row" }, el("span", { class: "row-label", text: label }), content);
}

function seatFacts(message, seat) {
  return message.facts.filter((f) => f.seat === seat).map((f) => el("div", { class: "fact", text: f.label + ": " + f.text }));
}

function seatHeader(message, seat, names) {
  const info = message.seats[seat];
  const view = message.view;
  const badges = [];
  if (!view.is_over && view.to_act === seat) badges.push(el("span", { class: "badge to-act", text: "▶ to act" }));
  if (view.dealer === seat) badges.push(el("span", { class: "badge", text: "dealer" }));
  const who = info.bot ? null : el("span", { class: "seat-who", text: info.taken ? (info.connected ? "online" : "away") : "free seat" });
  return el("div", { class: "seat-head" }, el("span", { class: "seat-name", text: names[seat] }), who, ...badges);
}

function renderSeats(message, layout, names) {
  const view = message.view;
  const me = message.seat === null ? 0 : message.seat;
  const places = message.seat === null ? [[0, "bottom"], ...seatPlaces(0, view.players)] : seatPlaces(me, view.players);
  const sides = {};
  for (const side of ["top", "left", "right", "bottom"]) {
    sides[side] = document.getElementById("seat-" + side);
    sides[side].replaceChildren();
  }
  for (const [seat, place] of places) {
    const box = sides[place];
    const classes = "seat place-" + place + (view.to_act === seat && !view.is_over ? " acting" : "");
    const node = el("section", { class: classes, "aria-label": names[seat], "data-seat": String(seat) },
      seatHeader(message, seat, names), ...seatSpots(view, layout, seat, {}), ...seatFacts(message, seat));
    box.append(node);
  }
}

function spotCount(view, spot) {
  return spot.count && typeof view[spot.count] === "number" ? view[spot.count] : null;
}

// A trick's cards, each with the seat that played it (clockwise from the leader).
function playedNode(cards, leader, players, seats, label) {
  const box = el("span", { class: "played", role: "group", "aria-label": label });
  cards.forEach((code, i) => {
    const who = seatLabel(seats, (leader + i) % players);
    const card = cardNode(code, {});
    card.setAttribute("aria-label", cardName(code) + ", played by " + who + (i === 0 ? " (led)" : ""));
    box.append(el("span", { class: "play", "data-seat": String((leader + i) % players) },
      card, el("span", { class: "by", "aria-hidden": "true", text: who })));
  });
  return box;
}

// One spot in the middle: stock, discard pile, pile, trick or melds.
function centreSpot(view, spot, names, seats) {
  const count = spotCount(view, spot);
  const fig = el("figure", { class: "spot spot-" + spot.role, "data-zone": spot.zone });
  const leader = spot.leader ? view[spot.leader] : null;
  let body;
  let led = "";
  // an empty spot says "empty" below its caption (a card-sized box: longer words wrap on phones)
  if (spot.role === "stock") body = count ? backsNode(count, "in the stock", false) : el("span", { class: "empty", text: "empty" });
  else if (spot.role === "meld") body = meldsNode(view[spot.cards], names);
  else if (typeof leader === "number" && seats) {
    const cards = cardsOf(view[spot.cards]);
    if (cards.length) led = " · led by " + seatLabel(seats, leader);
    body = cards.length ? playedNode(cards, leader, view.players, seats, spot.label + led) : el("span", { class: "empty", text: "empty" });
  } else {
    let cards = spot.top ? cardsOf(view[spot.top]) : cardsOf(view[spot.cards]);
    const more = cards.length > 8 ? cards.length - 8 : 0;
    if (more) cards = cards.slice(-8);
    body = cards.length ? fanNode(cards, () => ({}), spot.label) : el("span", { class: "empty", text: "empty" });
    if (more) body.append(el("span", { class: "more", text: "+" + more + " under" }));
  }
  const caption = spot.label + led + (count !== null && spot.role !== "stock" ? " · " + count : "");
  fig.append(el("figcaption", { text: caption }), body);
  return fig;
}

function meldsNode(value, names) {
  const melds = [];
  if (Array.isArray(value)) {
    for (const item of value) {
      if (Array.isArray(item)) melds.push(["", item]);
      else if (item && typeof item === "object") {
        const owner = typeof item.owner === "number" ? names[item.owner] + "'s " : "";
        const what = owner + (item.kind || "meld") + (item.id !== undefined ? " " + item.id : "");
        melds.push([what, cardsOf(item.cards)]);
      }
    }
  } else if (value && typeof value === "object") {
    for (const [key, cards] of Object.entries(value)) melds.push([key, cardsOf(cards)]);
  }
  if (!melds.length) return el("span", { class: "empty", text: "none yet" });
  return el("div", { class: "melds" }, ...melds.map(([what, cards]) =>
    el("div", { class: "meld" }, el("span", { class: "row-label", text: what }), fanNode(cards, () => ({ small: true }), what))));
}

function renderCentre(message, layout, names, box, factsBox) {
  const view = message.view;
  box.replaceChildren(...layout.centre.map((spot) => centreSpot(view, spot, names, message.seats)));
  const facts = message.facts.filter((f) => f.seat === null);
  factsBox.replaceChildren(...facts.map((f) => el("span", { class: "fact" }, el("b", { text: f.label + ": " }), f.text)));
}
