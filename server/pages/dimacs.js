// The DIMACS page: a formula in; SATISFIABLE with its model, UNSATISFIABLE with a DRAT
// proof (checked on the server before it is offered), or UNKNOWN past the time budget.
"use strict";

const WORDS = {sat: "SATISFIABLE", unsat: "UNSATISFIABLE", unknown: "UNKNOWN"};

function showAnswer(a) {
  const result = document.getElementById("result");
  const head = el("div", {id: "summary", class: "banner " + (a.status === "unknown" ? "proved" : "good")});
  head.textContent = WORDS[a.status] + " — " + a.variables + " variables, " + a.clauses + " clauses, " +
      a.seconds.toFixed(3) + " s, " + a.conflicts + " conflicts (" + a.solver + ")";
  const panel = el("div", {class: "panel"}, head);
  if (a.status === "sat") {
    panel.append(el("p", {text: "A model (v lines as a competition solver prints them):"}),
                 el("pre", {class: "model", id: "model", text: a.model.join(" ") + (a.model_complete ? " 0" : " …")}),
                 el("p", {class: "downloads"}, el("a", {id: "solution", href: a.solution, download: "solution.txt", text: "Download the whole solution"})));
  } else if (a.status === "unsat") {
    panel.append(el("p", {id: "verified", text: a.verified
        ? "The proof was checked by puzzlesat's DRAT checker in " + a.check_seconds.toFixed(3) + " s."
        : "The proof was not checked here (too large for the server's memory budget)."}));
    panel.append(proofLinks(a.proof, "the proof that the formula has no model."));
  } else {
    panel.append(el("p", {text: a.message}));
  }
  result.replaceChildren(panel);
}

document.addEventListener("DOMContentLoaded", () => {
  document.getElementById("job").addEventListener("submit", async e => {
    e.preventDefault();
    const form = new FormData();
    const file = document.getElementById("cnf").files[0];
    if (file) form.append("cnf", file);
    else form.append("text", document.getElementById("text").value);
    const answer = await post("/api/dimacs", form);
    if (answer) showAnswer(answer);
  });
});
