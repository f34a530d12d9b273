// Shared by every page of `puzzlesat serve`: the header, form submission with timing, and
// small DOM helpers. No libraries, nothing fetched from elsewhere.
"use strict";

const PAGES = [["/set", "SET"], ["/hexcells", "Hexcells"], ["/yahtzee", "Yahtzee"], ["/dimacs", "DIMACS"]];

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else e.setAttribute(k, v);
  }
  for (const c of children) e.append(c);
  return e;
}

function svgEl(tag, attrs = {}) {
  const e = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

function drawHeader() {
  const nav = el("nav");
  for (const [href, name] of PAGES) {
    const a = el("a", {href, text: name});
    if (location.pathname === href) a.className = "here";
    nav.append(a);
  }
  document.body.prepend(el("header", {}, el("a", {class: "brand", href: "/", text: "puzzlesat"}), nav));
}

function setStatus(text, isError = false) {
  const s = document.getElementById("status");
  s.textContent = text;
  s.className = isError ? "error" : "";
}

// POSTs the form data to url; returns the JSON answer, or null after showing the error.
// The round trip time is shown and kept in #status's data-ms (the browser tests read it).
async function post(url, formData) {
  const buttons = document.querySelectorAll("button");
  buttons.forEach(b => b.disabled = true);
  setStatus("Working…");
  const start = performance.now();
  try {
    const response = await fetch(url, {method: "POST", body: formData});
    const ms = performance.now() - start;
    document.getElementById("status").dataset.ms = ms.toFixed(0);
    let answer = null;
    try { answer = await response.json(); } catch (e) { answer = {error: "the server sent no answer (" + response.status + ")"}; }
    if (!response.ok) {
      setStatus(answer.error || ("error " + response.status), true);
      return null;
    }
    setStatus("Answered in " + (ms / 1000).toFixed(2) + " s.");
    return answer;
  } catch (e) {
    setStatus("The server cannot be reached: " + e.message, true);
    return null;
  } finally {
    buttons.forEach(b => b.disabled = false);
  }
}

function proofLinks(proof, what) {
  const box = el("p", {class: "downloads", id: "proof"});
  if (!proof) return box;
  if (proof.too_large) {
    box.append("The proof (" + Math.round(proof.bytes / 1e6) + " MB) is too large to send; the CLI writes it to a file.");
    return box;
  }
  box.append(el("a", {id: "proof-drat", href: proof.drat, download: proof.drat_name, text: "Download the DRAT proof"}),
             el("a", {id: "proof-cnf", href: proof.cnf, download: proof.cnf_name, text: "and the formula it refers to"}),
             el("span", {text: " — " + what + " Check with: puzzlesat cnf check " + proof.cnf_name + " " + proof.drat_name}));
  return box;
}

document.addEventListener("DOMContentLoaded", drawHeader);
