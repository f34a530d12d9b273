// The Hexcells page: a screenshot or a pasted level in; the board drawn with the forced
// cells marked out. Clicking a forced cell shows the hints that force it.
"use strict";

const R = 20;                       // hexagon radius in SVG units
const H = Math.sqrt(3) / 2 * R;     // a grid row (half a cell) is H high
const ARROWS = {line_down: "↓", line_down_right: "↘", line_down_left: "↙"};

function centre(t) { return [t.x * 1.5 * R, t.y * H]; }

function hexPoints(cx, cy, r) {
  const p = [];
  for (let k = 0; k < 6; ++k) {
    const a = Math.PI / 3 * k;
    p.push((cx + r * Math.cos(a)).toFixed(1) + "," + (cy + r * Math.sin(a)).toFixed(1));
  }
  return p.join(" ");
}

function explain(answer, tile, shapes) {
  for (const s of Object.values(shapes)) s.classList.remove("chosen", "reason");
  shapes[tile.name].classList.add("chosen");
  for (const [x, y] of tile.hints) {
    const hint = answer.tiles.find(t => t.x === x && t.y === y);
    if (hint && shapes[hint.name]) shapes[hint.name].classList.add("reason");
  }
  const because = tile.because.length ? tile.because.join(" + ") : "the rules alone";
  document.getElementById("why").textContent = tile.name + " is " + tile.forced + " because " + because + ".";
}

function drawBoard(answer) {
  const xs = answer.tiles.map(t => centre(t)[0]), ys = answer.tiles.map(t => centre(t)[1]);
  const minX = Math.min(...xs) - R - 4, minY = Math.min(...ys) - R - 4;
  const w = Math.max(...xs) + R + 4 - minX, h = Math.max(...ys) + R + 4 - minY;
  const svg = svgEl("svg", {class: "board", id: "board", viewBox: [minX, minY, w, h].join(" "), role: "img"});
  const shapes = {};
  for (const t of answer.tiles) {
    const [cx, cy] = centre(t);
    const g = svgEl("g", {"data-name": t.name});
    if (t.kind === "cell") {
      const hex = svgEl("polygon", {points: hexPoints(cx, cy, R - 1), class: "cell " + t.state});
      g.append(hex);
      shapes[t.name] = hex;
      if (t.forced) {
        g.classList.add("forced");
        g.setAttribute("data-forced", t.forced);
        g.append(svgEl("circle", {cx, cy, r: R * 0.45, class: "mark " + t.forced}));
        g.addEventListener("click", () => explain(answer, t, shapes));
      }
    } else {
      const hint = svgEl("polygon", {points: hexPoints(cx, cy, R * 0.7), fill: "transparent"});
      g.append(hint);
      shapes[t.name] = hint;
    }
    if (t.label || t.kind !== "cell") {
      const text = svgEl("text", {x: cx, y: cy, class: t.kind === "cell" ? "" : "line"});
      text.textContent = t.kind === "cell" ? t.label : (ARROWS[t.kind] || "") + t.label;
      g.append(text);
    }
    const title = svgEl("title");
    title.textContent = t.name + (t.forced ? ": forced " + t.forced + " (click for why)" : "");
    g.append(title);
    svg.append(g);
  }
  return svg;
}

function showAnswer(answer) {
  const result = document.getElementById("result");
  const forced = answer.blue.length + answer.black.length;
  const summary = el("div", {id: "summary", class: "banner " + (forced ? "good" : "proved")});
  summary.textContent = forced
      ? forced + " forced: blue " + (answer.blue.join(" ") || "none") + "; black " + (answer.black.join(" ") || "none") + "."
      : "No cell is forced: every hidden cell can still be either colour.";
  const why = el("p", {id: "why", text: forced ? "Click a marked cell to see why it is forced." : ""});
  const board = el("div", {}, drawBoard(answer));
  const side = el("div", {}, summary, el("p", {text: "REMAINING " + answer.remaining + (answer.title ? " — " + answer.title : "")}), why);
  if (answer.warnings && answer.warnings.length) side.append(el("p", {text: "Reading notes: " + answer.warnings.join("; ")}));
  result.replaceChildren(el("div", {class: "grid2"}, board, side));
  if (answer.image) result.append(el("h2", {text: "The screenshot with the forced cells marked"}),
                                  el("img", {class: "result", id: "annotated", src: answer.image, alt: "screenshot with forced cells marked"}));
}

document.addEventListener("DOMContentLoaded", () => {
  document.getElementById("job").addEventListener("submit", async e => {
    e.preventDefault();
    const file = document.getElementById("screenshot").files[0];
    if (!file) { setStatus("Choose a screenshot first (or paste a level).", true); return; }
    const form = new FormData();
    form.append("screenshot", file);
    const answer = await post("/api/hexcells/screenshot", form);
    if (answer) showAnswer(answer);
  });
  document.getElementById("solve-level").addEventListener("click", async () => {
    const form = new FormData();
    form.append("level", document.getElementById("level").value);
    const answer = await post("/api/hexcells/level", form);
    if (answer) showAnswer(answer);
  });
});
