// The analysis as a teaching view (it adds to app.js): the summary first, in a fixed order
// with a word on what each value means (outcome, stops, mean, temperature, atomic weight), then
// the canonical form (folded, with its size, when long), the winning moves and the thermograph,
// drawn here from the walls' exact points: axes with ticks, the stops marked at t = 0, and
// labels placed so that none overlaps another (a label with no free place is listed below).
'use strict';

/** A canonical form longer than this (characters) is folded. */
const LONG_FORM = 160;

const OUTCOMES = {
  L: 'L: Left wins, whoever moves first',
  R: 'R: Right wins, whoever moves first',
  N: 'N: the first player to move wins',
  P: 'P: the second player wins (whoever moves first loses)',
};

/** Exact value strings as read: "3/2", "-1/4", "2". */
function num(s) {
  const m = /^(-?\d+)(?:\/(\d+))?$/.exec(String(s).trim());
  if (!m) return NaN;
  return Number(m[1]) / (m[2] ? Number(m[2]) : 1);
}

/** A tick value printed exactly (ticks are dyadic): 1/2, −3/4, 2. */
function tickLabel(v) {
  for (let d = 1; d <= 1024; d *= 2) {
    const n = Math.round(v * d);
    if (Math.abs(n - v * d) < 1e-9) return (n < 0 ? '−' : '') + Math.abs(n) + (d > 1 ? '/' + d : '');
  }
  return v.toFixed(2);
}

/** Human form of an exact value: a minus sign, not a hyphen. */
function human(s) {
  return String(s).replace(/^-/, '−');
}

/** Tick positions: a dyadic step (1/8, 1/4, 1/2) or 1, 2, 5 × 10^k giving at most `most` ticks. */
function ticks(lo, hi, most) {
  const steps = [1 / 8, 1 / 4, 1 / 2];
  for (let p = 1; p <= 1e15; p *= 10) steps.push(p, 2 * p, 5 * p);
  const s = steps.find((x) => (hi - lo) / x <= most) || (hi - lo) / most;
  const out = [];
  for (let i = Math.ceil(lo / s - 1e-9); i * s <= hi + 1e-9; i++) out.push(i === 0 ? 0 : i * s);
  return out;
}

/** Ticks for an axis `length` px long, at least `room` px apart (and, on a horizontal axis,
 * wider apart than their labels). */
function fittingTicks(lo, hi, length, room, horizontal) {
  for (let most = Math.max(2, Math.floor(length / 40)); most >= 2; most--) {
    const t = ticks(lo, hi, most);
    const widest = horizontal ? Math.max(...t.map((v) => tickLabel(v).length)) * CHAR : 0;
    if (t.length < 2 || length / t.length >= Math.max(room, widest + 10)) return t;
  }
  return ticks(lo, hi, 2);
}

function moveWords(m) {
  if (typeof m === 'string') return m;
  return `${m.to} (in part ${m.component + 1}, ${m.in})`;
}

function row(table, field, name, value, gloss) {
  const tr = table.insertRow();
  tr.dataset.field = field;
  const th = document.createElement('th');
  th.scope = 'row';
  th.textContent = name;
  tr.appendChild(th);
  const td = tr.insertCell();
  if (typeof value === 'string') {
    const v = document.createElement('span');
    v.className = 'value';
    v.textContent = value;
    td.appendChild(v);
  } else {
    td.appendChild(value);
  }
  if (gloss) {
    const g = document.createElement('div');
    g.className = 'gloss';
    g.textContent = gloss;
    td.appendChild(g);
  }
}

/** A game's form: as is when short, else folded under its size. */
function formNode(text) {
  if (text.length <= LONG_FORM) {
    const c = document.createElement('code');
    c.textContent = text;
    return c;
  }
  const d = document.createElement('details');
  d.className = 'long-form';
  const s = document.createElement('summary');
  s.textContent = `${text.length.toLocaleString('en')} characters (open to show)`;
  d.appendChild(s);
  const c = document.createElement('code');
  d.appendChild(c);
  // Filled only when opened: a form of millions of characters costs nothing until then.
  d.addEventListener('toggle', () => { if (d.open && !c.textContent) c.textContent = text; });
  return d;
}

function showAnalysis(d) {
  const box = $('analysis');
  box.hidden = false;
  box.innerHTML = '';
  $('headline').textContent = d.canonical.length <= LONG_FORM && d.canonical !== d.input
    ? `analysis of ${d.input} = ${d.canonical}` : `analysis of ${d.input}`;
  const table = document.createElement('table');
  table.className = 'summary';
  row(table, 'outcome', 'outcome', OUTCOMES[d.outcome] || d.outcome);
  row(table, 'left_stop', 'Left stop', human(d.left_stop),
    'the number play reaches when Left moves first and both play well');
  row(table, 'right_stop', 'Right stop', human(d.right_stop), 'the same when Right moves first');
  row(table, 'mean', 'mean', human(d.mean),
    'what the game is worth in the long run: n copies are worth about n × mean');
  row(table, 'temperature', 'temperature', human(d.temperature),
    'how much moving first here is worth: the height where the walls meet');
  const aw = d.atomic_weight !== null && d.atomic_weight !== undefined;
  row(table, 'atomic_weight', 'atomic weight', aw ? d.atomic_weight : 'undefined',
    aw ? 'for an infinitesimal: about how many ↑ it is worth'
      : (d.atomic_weight_error || '').split(d.canonical).join('the game'));
  row(table, 'canonical', 'canonical form', formNode(d.canonical),
    d.canonical.length > LONG_FORM ? 'long: the summary above says what it is worth' : '');
  if (d.reduced !== d.canonical) {
    row(table, 'reduced', 'reduced form', formNode(d.reduced), 'the canonical form up to infinitesimals');
  }
  const moves = (ms, who) => (ms && ms.length ? ms.map(moveWords).join(', ')
    : `nothing: ${who} moving first loses`);
  row(table, 'left_winning_moves', 'Left moving first wins by moving to', moves(d.left_winning_moves, 'Left'));
  row(table, 'right_winning_moves', 'Right moving first wins by moving to', moves(d.right_winning_moves, 'Right'));
  const scroll = document.createElement('div');
  scroll.className = 'scroll-x';
  scroll.appendChild(table);
  box.appendChild(scroll);
  if (d.thermograph) {
    const fig = thermograph(d, box);
    box.appendChild(fig);
    box.appendChild(optionThermographs(d, box, fig));
  }
}

/** A canonical form short enough for a caption. */
function brief(text) {
  return text.length <= 60 ? text : `${text.slice(0, 57)}… (${text.length.toLocaleString('en')} characters)`;
}

/** The control that draws each option's thermograph (asked of the server on the first click:
 * `"options": true`), all on one pair of axes with the game's, which is redrawn on them, so a
 * wall of the game can be compared with the option walls it is made of. */
function optionThermographs(d, box, fig) {
  const sec = document.createElement('section');
  sec.className = 'option-thermographs';
  const button = document.createElement('button');
  button.id = 'show-options';
  button.textContent = 'Show the options’ thermographs';
  const note = document.createElement('p');
  note.className = 'note';
  const grid = document.createElement('div');
  grid.className = 'option-grid';
  sec.append(button, note, grid);
  let shown = fig;
  let data = null;
  const swap = (next) => {
    shown.replaceWith(next);
    shown = next;
  };
  button.onclick = async () => {
    if (grid.childElementCount) {
      // Hide them: the game's thermograph on its own axes again.
      grid.textContent = '';
      note.textContent = '';
      button.textContent = 'Show the options’ thermographs';
      swap(thermograph(d, box));
      return;
    }
    if (!data) {
      note.textContent = 'computing…';
      try {
        const r = await fetch('/api/analyze', { method: 'POST', headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ expr: d.input, options: true }) });
        const v = await r.json();
        if (!r.ok || !v.options) {
          note.textContent = v.error || 'the server gave no options';
          return;
        }
        data = v.options;
      } catch (e) {
        note.textContent = 'the server did not answer';
        return;
      }
    }
    const all = [...data.left.map((o) => ['L', o]), ...data.right.map((o) => ['R', o])];
    const ext = extent([d, ...all.map(([, o]) => o)]);
    const size = thermoSize(box);
    swap(thermograph(d, box, ext, size));
    const counts = [];
    for (const [side, list, more] of [['Left', data.left, data.more_left], ['Right', data.right, data.more_right]]) {
      counts.push(list.length ? `${side}: ${list.length + more} option${list.length + more === 1 ? '' : 's'}`
        + (more ? ` (the first ${list.length} drawn)` : '') : `${side} has no option`);
    }
    note.textContent = `The options of the canonical form, each on the same axes as the game above. ${counts.join('; ')}.`;
    const seen = { L: 0, R: 0 };
    for (const [side, o] of all) {
      const i = seen[side]++;
      const who = side === 'L' ? 'Left' : 'Right';
      const f = thermograph({ ...o, input: o.canonical }, box, ext, size,
        `${who} option ${human(brief(o.canonical))}: stops ${human(o.left_stop)} and ${human(o.right_stop)}, `
        + `mean ${human(o.mean)}, temperature ${human(o.temperature)}.`);
      f.classList.add('option', side === 'L' ? 'left-option' : 'right-option');
      f.dataset.option = `${side}${i}`;
      const h = document.createElement('h3');
      h.textContent = `${who} option ${i + 1}: ${human(brief(o.canonical))}`;
      f.prepend(h);
      grid.appendChild(f);
    }
    button.textContent = 'Hide the options’ thermographs';
  };
  return sec;
}

// ---------- the thermograph ----------

const NS = 'http://www.w3.org/2000/svg';
const FONT = 12;
const CHAR = FONT * 0.62;

function svgEl(name, attrs, parent, text) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  if (parent) parent.appendChild(e);
  return e;
}

/** Labels placed without overlap: each tries places around its point until one is free. */
function labelPlacer(bounds) {
  const taken = [];
  const P = 2; // px kept clear around every label
  const free = (r) => r.x >= bounds.x && r.y >= bounds.y && r.x + r.w <= bounds.x + bounds.w
    && r.y + r.h <= bounds.y + bounds.h
    && taken.every((q) => r.x + r.w + P <= q.x || q.x + q.w + P <= r.x || r.y + r.h + P <= q.y
      || q.y + q.h + P <= r.y);
  return {
    reserve(r) { taken.push(r); },
    /** A free box for `text` near (ax, ay), or null. */
    place(text, ax, ay) {
      const w = text.length * CHAR + 2;
      const h = FONT + 3;
      for (const k of [1, 2, 3.5, 5, 7]) {
        const g = 5 * k;
        for (const [x, y] of [[ax + g, ay - g - h], [ax - g - w, ay - g - h], [ax + g, ay + g],
          [ax - g - w, ay + g], [ax - w / 2, ay - g - h], [ax - w / 2, ay + g]]) {
          const r = { x, y, w, h, far: k > 1 };
          if (free(r)) {
            taken.push(r);
            return r;
          }
        }
      }
      return null;
    },
  };
}

/** The axes' ranges that hold the thermographs of `games` (a game, or a game and its options):
 * values and temperatures, padded, so several drawn with one range compare point for point. */
function extent(games) {
  let xs = [];
  let tlow = -1;
  let top = 0;
  for (const g of games) {
    const tau = num(g.temperature);
    const ws = [...(g.thermograph.left_wall || []), ...(g.thermograph.right_wall || [])];
    xs = xs.concat(ws.map(([, x]) => num(x)), [num(g.mean), num(g.left_stop), num(g.right_stop)]);
    tlow = Math.min(tlow, ...ws.map(([t]) => num(t)).filter(Number.isFinite));
    if (Number.isFinite(tau)) top = Math.max(top, tau);
  }
  xs = xs.filter(Number.isFinite);
  let xmin = Math.min(...xs);
  let xmax = Math.max(...xs);
  const padX = Math.max(0.5, (xmax - xmin) * 0.15);
  xmin -= padX;
  xmax += padX;
  const tmax = top + Math.max(1, (top - tlow) * 0.35);
  // Room under the walls' lowest points for their labels.
  const tmin = tlow - (tmax - tlow) * 0.12;
  return { xmin, xmax, tmin, tmax };
}

/** A thermograph's width and height in `box`. */
function thermoSize(box) {
  const W = Math.max(300, Math.min(640, (box.clientWidth || 640) - 4));
  return [W, Math.round(Math.max(300, Math.min(400, W * 0.65)))];
}

/** The thermograph of `d` (an analysis, or an option's part of one) in a figure, on the axes
 * `ext` (default: its own); `size` fixes the width and height (default: the box's width). */
function thermograph(d, box, ext, size, caption) {
  const fig = document.createElement('figure');
  fig.className = 'thermograph';
  const tau = num(d.temperature);
  const mean = num(d.mean);
  // A wall's bend is labelled with what it means: where that wall stands at that temperature.
  const wall = (pts, who) => {
    const out = (pts || []).map(([t, x]) => ({ t: num(t), x: num(x), label: `x = ${human(x)} at t = ${human(t)}`, who }))
      .filter((p) => Number.isFinite(p.t) && Number.isFinite(p.x));
    out.sort((a, b) => a.t - b.t);
    if (!out.length || out[out.length - 1].t < tau) out.push({ t: tau, x: mean, label: null });
    return out;
  };
  const left = wall(d.thermograph.left_wall, 'Left');
  const right = wall(d.thermograph.right_wall, 'Right');
  const { xmin, xmax, tmin, tmax } = ext || extent([d]);
  const [W, H] = size || thermoSize(box);
  const M = { l: 46, r: 14, t: 28, b: 48 };
  const plotH = H - M.t - M.b;
  const tTicks = fittingTicks(tmin, tmax, plotH, 28, false);
  // Room on the left for the widest temperature label.
  M.l = Math.max(M.l, Math.max(...tTicks.map((v) => tickLabel(v).length)) * CHAR + 14);
  const plotW = W - M.l - M.r;
  // Values increase to the left, as in the literature (ONAG ch. 9, Winning Ways ch. 6).
  const px = (x) => M.l + (xmax - x) / (xmax - xmin) * plotW;
  const py = (t) => M.t + (tmax - t) / (tmax - tmin) * plotH;
  const svg = svgEl('svg', { width: W, height: H, viewBox: `0 0 ${W} ${H}`, role: 'img',
    'font-family': 'ui-monospace, monospace', 'font-size': FONT, class: 'thermo' });
  svgEl('title', {}, svg, `Thermograph of ${d.input}: mean ${d.mean}, temperature ${d.temperature}`);
  svgEl('rect', { x: M.l, y: M.t, width: plotW, height: plotH, fill: '#fff', stroke: '#ccc' }, svg);
  const placer = labelPlacer({ x: 0, y: 0, w: W, h: H });
  // The value axis, under the plot, with ticks; its name below.
  const ax = svgEl('g', { fill: '#444', class: 'axes' }, svg);
  for (const v of fittingTicks(xmin, xmax, plotW, 40, true)) {
    const x = px(v);
    svgEl('line', { x1: x, y1: M.t + plotH, x2: x, y2: M.t + plotH + 5, stroke: '#666' }, ax);
    svgEl('line', { x1: x, y1: M.t, x2: x, y2: M.t + plotH, stroke: '#eee' }, ax);
    const label = tickLabel(v);
    const w = label.length * CHAR;
    if (x - w / 2 < 0 || x + w / 2 > W) continue;
    placer.reserve({ x: x - w / 2, y: M.t + plotH + 6, w, h: FONT + 2 });
    svgEl('text', { x, y: M.t + plotH + 6 + FONT, 'text-anchor': 'middle' }, ax, label);
  }
  const xName = '← value x (increasing to the left)';
  svgEl('text', { x: M.l + plotW / 2, y: H - 8, 'text-anchor': 'middle', fill: '#444' }, svg, xName);
  placer.reserve({ x: M.l + plotW / 2 - xName.length * CHAR / 2, y: H - 8 - FONT, w: xName.length * CHAR, h: FONT + 4 });
  // The temperature axis, at the plot's left edge.
  for (const v of tTicks) {
    const y = py(v);
    svgEl('line', { x1: M.l - 5, y1: y, x2: M.l, y2: y, stroke: '#666' }, ax);
    if (v !== 0) svgEl('line', { x1: M.l, y1: y, x2: M.l + plotW, y2: y, stroke: '#f0f0f0' }, ax);
    const label = tickLabel(v);
    placer.reserve({ x: M.l - 7 - label.length * CHAR, y: y - FONT / 2 - 1, w: label.length * CHAR, h: FONT + 2 });
    svgEl('text', { x: M.l - 7, y: y + FONT / 2 - 2, 'text-anchor': 'end' }, ax, label);
  }
  svgEl('text', { x: 4, y: FONT + 1, fill: '#444' }, svg, 't ↑ temperature');
  placer.reserve({ x: 0, y: 0, w: 16 * CHAR, h: FONT + 4 });
  // t = 0, where the stops are.
  svgEl('line', { x1: M.l, y1: py(0), x2: M.l + plotW, y2: py(0), stroke: '#888', 'stroke-width': 1.2 }, svg);
  // The walls, then the mast (dashed) from where they meet.
  const line = (pts) => pts.map((p) => `${px(p.x).toFixed(1)},${py(p.t).toFixed(1)}`).join(' ');
  svgEl('polyline', { points: line(right), fill: 'none', stroke: '#d8281f', 'stroke-width': 2.5, class: 'right-wall' }, svg);
  svgEl('polyline', { points: line(left), fill: 'none', stroke: '#1f4fd8', 'stroke-width': 2.5, class: 'left-wall' }, svg);
  svgEl('line', { x1: px(mean), y1: py(tau), x2: px(mean), y2: M.t, stroke: '#333', 'stroke-width': 2,
    'stroke-dasharray': '6,4', class: 'mast' }, svg);
  // Points and their labels: the stops first (the most important), the mast's foot, breakpoints.
  const marks = [];
  const ls = num(d.left_stop);
  const rs = num(d.right_stop);
  marks.push({ x: ls, t: 0, label: ls === rs ? `stops ${human(d.left_stop)}` : `Left stop ${human(d.left_stop)}`,
    colour: '#1f4fd8', cls: 'stop' });
  if (ls !== rs) marks.push({ x: rs, t: 0, label: `Right stop ${human(d.right_stop)}`, colour: '#d8281f', cls: 'stop' });
  marks.push({ x: mean, t: tau, label: `mast ${human(d.mean)} from t = ${human(d.temperature)}`, colour: '#333', cls: 'mast-foot' });
  const seen = new Set(marks.map((m) => `${m.x},${m.t}`));
  for (const p of [...left, ...right]) {
    if (!p.label || seen.has(`${p.x},${p.t}`)) continue;
    seen.add(`${p.x},${p.t}`);
    // In its wall's colour: Left's blue, Right's red.
    marks.push({ x: p.x, t: p.t, label: p.label, colour: p.who === 'Left' ? '#1f4fd8' : '#d8281f', cls: 'breakpoint' });
  }
  for (const m of marks) placer.reserve({ x: px(m.x) - 4, y: py(m.t) - 4, w: 8, h: 8 });
  // Labels keep off the walls and the mast too: each line reserves small boxes along it.
  const along = (pts) => {
    for (let i = 1; i < pts.length; i++) {
      const [x0, y0, x1, y1] = [px(pts[i - 1].x), py(pts[i - 1].t), px(pts[i].x), py(pts[i].t)];
      const n = Math.ceil(Math.hypot(x1 - x0, y1 - y0) / 4);
      for (let k = 0; k <= n; k++) {
        placer.reserve({ x: x0 + (x1 - x0) * k / n - 1.5, y: y0 + (y1 - y0) * k / n - 1.5, w: 3, h: 3 });
      }
    }
  };
  along(left);
  along(right);
  along([{ x: mean, t: tau }, { x: mean, t: tmax }]);
  const unplaced = [];
  for (const m of marks) {
    const cx = px(m.x);
    const cy = py(m.t);
    svgEl('circle', { cx, cy, r: m.cls === 'stop' ? 4.5 : 3.5, fill: m.colour, class: m.cls }, svg);
    const r = placer.place(m.label, cx, cy);
    if (r && r.far) {
      // A label placed away from its point is tied to it by a thin line.
      const nx = Math.max(r.x, Math.min(cx, r.x + r.w));
      const ny = Math.max(r.y, Math.min(cy, r.y + r.h));
      svgEl('line', { x1: cx, y1: cy, x2: nx, y2: ny, stroke: m.colour, 'stroke-width': 0.8, 'stroke-dasharray': '2,2' }, svg);
    }
    if (r) {
      svgEl('text', { x: r.x + 1, y: r.y + FONT, fill: m.colour, class: 'label', stroke: '#fff',
        'stroke-width': 3, 'paint-order': 'stroke' }, svg, m.label);
    } else {
      unplaced.push(m.label);
    }
  }
  fig.appendChild(svg);
  const cap = document.createElement('figcaption');
  if (caption) {
    cap.textContent = caption + (unplaced.length ? ' Points without room for a label: ' + unplaced.join('; ') + '.' : '');
    fig.appendChild(cap);
    return fig;
  }
  cap.textContent = 'Thermograph: Left’s wall (blue) and Right’s wall (red) from t = −1 up to the temperature, '
    + 'where they meet and the mast (dashed) rises at the mean; a bend of a wall is labelled, in its colour, with the value x the wall stands at and the temperature t. At t = 0 the walls '
    + 'stand at the stops.'
    + (unplaced.length ? ' Points without room for a label: ' + unplaced.join('; ') + '.' : '');
  fig.appendChild(cap);
  return fig;
}
