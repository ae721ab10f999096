// The Play panel: the rules (spec, a pure-Python wheel) run in the page through Pyodide, which is
// self-hosted in the book (_static/pyodide/). Nothing loads until a reader opens a panel.
let python = null;

function loadPython(root, wheel) {
  if (!python) {
    python = (async () => {
      const { loadPyodide } = await import(root + "pyodide/pyodide.mjs");
      const py = await loadPyodide({ indexURL: root + "pyodide/" });
      const data = await (await fetch(root + "play/" + wheel)).arrayBuffer();
      py.unpackArchive(data, "wheel");
      py.runPython("import spec.web");
      return py;
    })();
  }
  return python;
}

function element(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v; else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}

class Panel {
  constructor(root) {
    this.root = root;
    this.words = JSON.parse(root.dataset.words);
    this.body = root.querySelector(".cardspec-play-body");
    this.seed = 1;
  }

  async open() {
    this.root.querySelector(".cardspec-play-open").hidden = true;
    this.body.hidden = false;
    this.body.replaceChildren(element("p", { class: "cardspec-play-status" }, this.words.loading));
    try {
      this.py = await loadPython(this.root.dataset.root, this.root.dataset.wheel);
      this.start();
    } catch (err) {
      this.body.replaceChildren(element("p", { class: "cardspec-play-error" }, `${this.words.failed}: ${err}`));
      throw err;
    }
  }

  start() {
    const WebTable = this.py.pyimport("spec.web").WebTable;
    this.table = WebTable.callKwargs(this.root.dataset.game, { seed: this.seed, seat: 0, bot: "ismcts:30",
                                                                   lang: this.root.dataset.lang });
    this.message = "";
    this.render();
  }

  play(text) {
    const answer = JSON.parse(this.table.move(text));
    if (answer.ok) {
      this.message = null;
    } else if (answer.label) {
      this.message = [this.words.refused + " ", element("a", { href: "#" + answer.label }, answer.label),
                      ": " + answer.sentence];
    } else {
      this.message = [answer.error];
    }
    this.render();
  }

  render() {
    const view = JSON.parse(this.table.view());
    const w = this.words;
    const rows = view.zones.map(([zone, cards]) => element("tr", {}, element("th", {}, zone), element("td", {}, cards)));
    if (view.public) rows.push(element("tr", {}, element("th", {}, w.public), element("td", {}, view.public)));
    const parts = [element("p", {}, w.you.replace("{seat}", view.seat)),
                   element("table", { class: "cardspec-play-zones", "aria-label": w.zones }, ...rows)];
    if (view.log.length) {
      parts.push(element("p", {}, element("strong", {}, w.log)),
                 element("pre", { class: "cardspec-play-log" }, view.log.join("\n")));
    }
    if (view.over) {
      parts.push(element("p", { class: "cardspec-play-over" },
                         `${w.over}: ${view.result}` + (view.returns.length ? `; ${w.returns}: ${view.returns.join(", ")}` : "")));
    } else if (view.stalled) {
      parts.push(element("p", { class: "cardspec-play-over" }, w.stalled.replace("{n}", view.played)));
    } else if (view.moves.length) {
      const buttons = view.moves.map((m) => {
        const b = element("button", { type: "button", class: "cardspec-play-move" }, m);
        b.addEventListener("click", () => this.play(m));
        return b;
      });
      const input = element("input", { type: "text", class: "cardspec-play-input", "aria-label": w.type,
                                       placeholder: w.type });
      const go = element("button", { type: "button", class: "cardspec-play-go" }, w.play);
      const submit = () => { if (input.value.trim()) this.play(input.value); };
      go.addEventListener("click", submit);
      input.addEventListener("keydown", (e) => { if (e.key === "Enter") submit(); });
      parts.push(element("p", {}, element("strong", {}, `${w.turn}. ${w.moves}:`)),
                 element("div", { class: "cardspec-play-moves" }, ...buttons),
                 element("div", { class: "cardspec-play-typed" }, input, go));
    }
    if (this.message) parts.push(element("p", { class: "cardspec-play-message" }, ...this.message));
    const again = element("button", { type: "button", class: "cardspec-play-new" }, w.new);
    again.addEventListener("click", () => { this.seed += 1; this.start(); });
    parts.push(again);
    this.body.replaceChildren(...parts);
  }
}

for (const root of document.querySelectorAll(".cardspec-play")) {
  const panel = new Panel(root);
  root.querySelector(".cardspec-play-open").addEventListener("click", () => panel.open());
}
