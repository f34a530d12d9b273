// The Yahtzee page: the roll (typed or photographed) and the score sheet in; the keeps
// (rerolls left) or boxes (none left), best first, with the expected final points.
"use strict";

const pretty = name => name.replace(/_/g, " ");

function showAnswer(answer) {
  const result = document.getElementById("result");
  const table = el("table", {id: "advice"});
  const keeps = answer.keeps !== undefined;
  table.append(el("tr", {}, el("th", {text: "#"}), el("th", {text: keeps ? "keep" : "box"}),
                  el("th", {class: "num", text: keeps ? "" : "score"}), el("th", {class: "num", text: "expected points from here"})));
  const rows = keeps ? answer.keeps : answer.categories;
  rows.forEach((r, i) => {
    const what = keeps ? (r.keep.length ? r.keep.join(" ") : "nothing (reroll all)") : pretty(r.category);
    const row = el("tr", {}, el("td", {text: String(i + 1)}), el("td", {text: what}),
                   el("td", {class: "num", text: keeps ? "" : String(r.score)}), el("td", {class: "num", text: r.expected.toFixed(3)}));
    if (i === 0) row.className = "best";
    table.append(row);
  });
  const head = el("div", {id: "summary", class: "banner good"});
  head.textContent = "Roll " + answer.roll.join(" ") + ", " + answer.rerolls + " reroll" + (answer.rerolls === 1 ? "" : "s") +
      " left: " + (keeps ? "keep " + (answer.keeps[0].keep.join(" ") || "nothing") : "score " + pretty(answer.categories[0].category)) + ".";
  const side = el("div", {}, head, table);
  result.replaceChildren(answer.image
      ? el("div", {class: "grid2"}, el("div", {}, el("img", {class: "result", id: "annotated", src: answer.image, alt: "the dice read"})), side)
      : side);
}

document.addEventListener("DOMContentLoaded", async () => {
  const boxes = document.getElementById("boxes");
  try {
    const list = await (await fetch("/api/yahtzee/boxes")).json();
    for (const b of list.boxes)
      boxes.append(el("label", {}, el("input", {type: "checkbox", value: b, "data-box": b}), " " + pretty(b)));
  } catch (e) {
    setStatus("Cannot load the score sheet: " + e.message, true);
  }
  document.getElementById("job").addEventListener("submit", async e => {
    e.preventDefault();
    const form = new FormData();
    const photo = document.getElementById("photo").files[0];
    if (photo) form.append("photo", photo);
    else form.append("roll", document.getElementById("roll").value);
    for (const id of ["rerolls", "rules", "upper"]) form.append(id, document.getElementById(id).value);
    if (document.getElementById("yahtzee50").checked) form.append("yahtzee50", "1");
    form.append("used", [...boxes.querySelectorAll("input:checked")].map(i => i.value).join(","));
    const answer = await post("/api/yahtzee", form);
    if (answer) showAnswer(answer);
  });
});
