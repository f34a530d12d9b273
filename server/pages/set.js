// The SET page: a photo (or typed cards) in, the sets or the proof that none remains out;
// the card list can be corrected and solved again.
"use strict";

let lastPhoto = null;  // the File last solved, re-sent with corrections

// A set's cards by number (from 1, as the CLI numbers them) and name.
function setNames(answer, t) { return t.map(n => "#" + n + " " + answer.cards[n - 1].card).join(", "); }

function showAnswer(answer, fromPhoto) {
  const result = document.getElementById("result");
  result.replaceChildren();
  const summary = el("div", {id: "summary"});
  if (answer.cards.length === 0) {
    summary.append(el("div", {class: "banner", text: "No SET card found in this photo. Cards read best from above, in even light, each card at least ~100 pixels long."}));
  } else if (answer.no_set) {
    summary.append(el("div", {class: "banner proved", text: "No set — proved by SAT among these " + answer.cards.length + " cards."}));
    summary.append(proofLinks(answer.proof, "the proof that no three of these cards form a set."));
  } else {
    const head = answer.sets.length === 1 ? "A set:" : answer.sets.length + " sets:";
    const list = el("ul", {id: "sets"});
    for (const t of answer.sets) list.append(el("li", {text: setNames(answer, t)}));
    summary.append(el("div", {class: "banner good", text: head}), list);
  }
  const cards = el("table", {class: "cards", id: "card-list"});
  cards.append(el("tr", {}, el("th", {text: "#"}), el("th", {text: fromPhoto ? "card read (edit to correct)" : "card"}),
                  el("th", {class: "num", text: fromPhoto ? "confidence" : ""})));
  answer.cards.forEach((c, i) => {
    const input = el("input", {type: "text", value: c.card, "data-index": i});
    if (!fromPhoto) input.readOnly = true;
    const row = el("tr", {}, el("td", {text: "#" + (i + 1)}), el("td", {}, input),
                   el("td", {class: "num", text: c.confidence !== undefined ? c.confidence.toFixed(2) + (c.flagged ? " check" : "") : ""}));
    if (c.flagged) row.className = "flagged";
    if (c.corrected) row.className = "corrected";
    cards.append(row);
  });
  const side = el("div", {}, summary, cards);
  if (fromPhoto) {
    const again = el("button", {type: "button", id: "resolve", text: "Solve again with these cards"});
    again.addEventListener("click", resolve);
    side.append(el("p", {}, again));
  }
  if (answer.image) {
    result.append(el("div", {class: "grid2"}, el("div", {}, el("img", {class: "result", id: "annotated", src: answer.image, alt: "the photo with the cards and sets drawn"})), side));
  } else {
    result.append(side);
  }
}

async function solvePhoto(cards) {
  const form = new FormData();
  form.append("photo", lastPhoto);
  if (document.getElementById("all").checked) form.append("all", "1");
  if (cards) form.append("cards", cards.join("\n"));
  const answer = await post("/api/set/photo", form);
  if (answer) showAnswer(answer, true);
}

function resolve() {
  const cards = [...document.querySelectorAll("#card-list input")].map(i => i.value.trim());
  solvePhoto(cards);
}

document.addEventListener("DOMContentLoaded", () => {
  document.getElementById("job").addEventListener("submit", e => {
    e.preventDefault();
    const file = document.getElementById("photo").files[0];
    if (!file) { setStatus("Choose a photo first (or type the cards).", true); return; }
    lastPhoto = file;
    solvePhoto(null);
  });
  document.getElementById("solve-typed").addEventListener("click", async () => {
    const form = new FormData();
    form.append("cards", document.getElementById("cards-text").value);
    if (document.getElementById("all").checked) form.append("all", "1");
    const answer = await post("/api/set/cards", form);
    if (answer) showAnswer(answer, false);
  });
});
