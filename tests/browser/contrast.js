// The contrast of what the page shows, measured against what is really behind it
// (tests/browser/test_contrast.py). Called with two base64 PNG screenshots of the
// viewport: `png` taken with every glyph transparent ({hidden: true}), so its pixels are
// the backgrounds (the felt's gradient, a card's face, a dialog), and `shown` as drawn,
// which tells where the glyphs are. Returns one entry per thing measured: {kind, what,
// ratio} with the worst ratio over the pixels under it.
//   text: a text node's colour (alpha and the opacity of its ancestors composited) over
//         each background pixel under its glyphs (where the two screenshots differ);
//   mark: an empty pile's placeholder (the suit of a foundation, the K of a column);
//   line: the outline of an empty pile, a toolbar button, Finish and Go back (whose
//         outline is their face's colour: the face against the felt), a dialog's button or field,
//         composited over the pixel just inside it, against the pixel just outside it.
async ({ png, shown: drawn, hidden }) => {
  const state = window.__contrast || (window.__contrast = {});
  if (hidden !== undefined) {
    // hideText(true | false): every glyph transparent, the rest as drawn.
    if (!state.sheet) {
      state.sheet = new CSSStyleSheet();
      state.sheet.replaceSync(
        "*, *::before, *::after, ::placeholder { color: transparent !important; -webkit-text-fill-color: transparent !important;" +
          " text-shadow: none !important; caret-color: transparent !important; }"
      );
    }
    const others = document.adoptedStyleSheets.filter((sheet) => sheet !== state.sheet);
    document.adoptedStyleSheets = hidden ? [...others, state.sheet] : others;
    return [];
  }
  const decode = async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext("2d", { willReadFrequently: true });
    context.drawImage(bitmap, 0, 0);
    return context.getImageData(0, 0, bitmap.width, bitmap.height);
  };
  const { data, width, height } = await decode(png);
  const glyphs = (await decode(drawn)).data;
  const at = (x, y) => (Math.min(height - 1, Math.max(0, Math.round(y))) * width + Math.min(width - 1, Math.max(0, Math.round(x)))) * 4;
  const pixel = (x, y) => {
    const i = at(x, y);
    return [data[i], data[i + 1], data[i + 2]];
  };
  const inked = (x, y) => {
    const i = at(x, y);
    return Math.abs(data[i] - glyphs[i]) + Math.abs(data[i + 1] - glyphs[i + 1]) + Math.abs(data[i + 2] - glyphs[i + 2]) > 24;
  };

  const probe = new OffscreenCanvas(1, 1).getContext("2d", { willReadFrequently: true });
  const rgba = (css) => {
    // Any CSS colour, as the browser resolves it, to [r, g, b, a] (0-255, alpha 0-1).
    probe.clearRect(0, 0, 1, 1);
    probe.fillStyle = "#000";
    probe.fillStyle = css;
    probe.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = probe.getImageData(0, 0, 1, 1).data;
    return [r, g, b, a / 255];
  };
  const over = ([r, g, b, a], [br, bg, bb]) => [a * r + (1 - a) * br, a * g + (1 - a) * bg, a * b + (1 - a) * bb];
  const luminance = (rgb) => {
    const [r, g, b] = rgb.map((v) => {
      const c = v / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  const opacity = (node) => {
    let value = 1;
    for (let at = node; at && at.nodeType === 1; at = at.parentElement) value *= Number(getComputedStyle(at).opacity);
    return value;
  };
  const inView = (r) => r.width > 0 && r.height > 0 && r.right > 0 && r.bottom > 0 && r.left < innerWidth && r.top < innerHeight;
  const name = (node) => {
    const id = node.id ? `#${node.id}` : "";
    const data = node.dataset.card || node.dataset.pile || "";
    return `${node.tagName.toLowerCase()}${id}.${[...node.classList].join(".")}${data ? `[${data}]` : ""}`;
  };
  // Under a modal dialog (and its backdrop) only the dialog is measured.
  const modal = document.querySelector("dialog:modal");
  const shown = (node) =>
    (!modal || modal.contains(node)) &&
    node.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
    !node.closest(":disabled, .visually-hidden") &&
    opacity(node) > 0.01;
  const uncovered = (node, r) => {
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (hit === node || node.contains(hit));
  };
  const worstOver = (fg, r, step = 1, only = () => true) => {
    let worst = Infinity;
    for (let y = Math.ceil(r.top); y < Math.floor(r.bottom); y += step) {
      for (let x = Math.ceil(r.left); x < Math.floor(r.right); x += step) {
        if (!only(x, y)) continue;
        const bg = pixel(x, y);
        worst = Math.min(worst, ratio(over(fg, bg), bg));
      }
    }
    return worst;
  };
  // A text inside a box that clips it (a dialog taller than the window scrolls) shows only
  // within that box: what lies past its edge are the pixels of what is behind the box.
  const visiblePart = (node, r) => {
    let [left, top, right, bottom] = [r.left, r.top, r.right, r.bottom];
    for (let at = node.parentElement; at && at !== document.documentElement; at = at.parentElement) {
      const style = getComputedStyle(at);
      if (style.overflowX === "visible" && style.overflowY === "visible") continue;
      const box = at.getBoundingClientRect();
      [left, top] = [Math.max(left, box.left), Math.max(top, box.top)];
      [right, bottom] = [Math.min(right, box.right), Math.min(bottom, box.bottom)];
    }
    return { left, top, right, bottom, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
  };
  const found = [];

  // Text: every text node's line boxes (their part inside what clips them).
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    const node = text.parentElement;
    if (!text.data.trim() || !node || !shown(node)) continue;
    const range = document.createRange();
    range.selectNodeContents(text);
    const style = getComputedStyle(node);
    const fg = rgba(style.color);
    fg[3] *= opacity(node);
    for (const line of range.getClientRects()) {
      const r = visiblePart(node, line);
      if (!inView(r) || !uncovered(node, r)) continue;
      const step = r.width * r.height > 4000 ? 2 : 1;
      const ratio = worstOver(fg, r, step, inked);
      if (ratio < Infinity) found.push({ kind: "text", what: `${name(node)} "${text.data.trim().slice(0, 24)}"`, ratio });
    }
  }

  // An empty field's placeholder text (the deal code's example), as text.
  for (const field of document.querySelectorAll("input[placeholder]")) {
    if (field.value || !shown(field)) continue;
    const box = field.getBoundingClientRect();
    if (!inView(box) || !uncovered(field, box)) continue;
    const ratio = worstOver(rgba(getComputedStyle(field, "::placeholder").color), box, 1, inked);
    if (ratio < Infinity) found.push({ kind: "text", what: `${name(field)}::placeholder`, ratio });
  }

  // Placeholders and outlines of empty piles.
  const empty = (pile) => !pile.querySelector("[data-card]");
  for (const pile of document.querySelectorAll(".board .pile")) {
    if (!empty(pile) || !shown(pile)) continue;
    const box = pile.getBoundingClientRect();
    const column = pile.classList.contains("column");
    const before = getComputedStyle(pile, "::before");
    // The K sits in the column's first card place; a foundation's suit in its middle.
    const cardH = column ? parseFloat(before.height) : box.height;
    const place = { left: box.left, top: box.top, right: box.right, bottom: box.top + cardH, width: box.width, height: cardH };
    if (!inView(place)) continue;
    if (before.content && before.content !== "none") {
      const mid = { left: place.left + place.width * 0.3, right: place.right - place.width * 0.3, top: place.top + cardH * 0.3, bottom: place.bottom - cardH * 0.3 };
      found.push({ kind: "mark", what: `${name(pile)}::before`, ratio: worstOver(rgba(before.color), mid) });
    }
    const ring = (column ? before : getComputedStyle(pile)).boxShadow;
    const color = ring.match(/^(rgba?\([^)]*\)|#[0-9a-f]+)/i);
    if (color) found.push({ kind: "line", ...edges(rgba(color[1]), place, name(pile)) });
  }
  const CONTROLS = ".tool, .finish, .go-back, dialog[open] button, dialog[open] input[type=text], dialog[open] select";
  for (const control of document.querySelectorAll(CONTROLS)) {
    if (!shown(control)) continue;
    const box = control.getBoundingClientRect();
    if (!inView(box) || !uncovered(control, box)) continue;
    found.push({ kind: "line", ...edges(rgba(getComputedStyle(control).borderTopColor), box, name(control)) });
  }
  return found;

  function edges(line, r, what) {
    // The line over the pixel 4 px inside each edge, against the pixel 3 px outside it, at
    // a third, half and two thirds of the edge (clear of the rounded corners).
    let worst = { ratio: Infinity };
    for (const t of [1 / 3, 1 / 2, 2 / 3]) {
      const x = r.left + r.width * t;
      const y = r.top + r.height * t;
      for (const [side, inside, outside] of [
        ["left", [r.left + 4, y], [r.left - 3, y]],
        ["right", [r.right - 4, y], [r.right + 3, y]],
        ["top", [x, r.top + 4], [x, r.top - 3]],
        ["bottom", [x, r.bottom - 4], [x, r.bottom + 3]],
      ]) {
        const out = pixel(...outside);
        const value = ratio(over(line, pixel(...inside)), out);
        if (value < worst.ratio) worst = { ratio: value, what: `${what} (${side}: ${out.map(Math.round)})` };
      }
    }
    return worst;
  }
}
