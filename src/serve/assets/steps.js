// The step view of the onag page: the term before and after a step with what changed marked
// (the rewritten subterm, the options deleted and inserted, the options the rule names), and
// the two game trees side by side, a sum drawn as a sum node over its parts. The places come
// from POST /api/step (docs/SERVE.md), which reads them off the step as the proof JSON writes
// it: nothing here guesses where a subterm is printed.
'use strict';

const Steps = (() => {
  const byId = (id) => document.getElementById(id);
  const cache = new Map();
  /** The largest table of shared terms sent with a step (the server reads a megabyte). */
  const MAX_TABLE = 200000;

  /** Whether terms are written with nested braces (`{1|{0|-5}}`) rather than CGSuite's
   * slashes (`{1||0|-5}`): the checkbox by the stepper, on unless unchecked. */
  const braces = () => { const b = byId('braces'); return !b || b.checked; };

  /** /api/step's answer for a step (from, to, rule, at, witnesses, reversed), its terms,
   * witnesses and reason written with nested braces when the checkbox says so. */
  async function describe(step) {
    const body = { step: {
      from: step.from, to: step.to, rule: step.rule || '', at: step.at || [],
      reversed: !!step.reversed, witnesses: step.witnesses || {}, why: step.why || '',
    }, braces: braces() };
    // A step whose terms still name the proof's shared terms (#6: a misère opening written
    // out, a position too long to write in place) sends the table, so the server can say
    // where the step acts and which move gives which option.
    const table = typeof state !== 'undefined' && state.proof && state.proof.terms;
    if (table && table.length && /#\d/.test(`${step.from} ${step.to}`)
      && JSON.stringify(table).length <= MAX_TABLE) body.step.terms = table;
    const key = JSON.stringify(body);
    if (cache.has(key)) return cache.get(key);
    let d = null;
    try {
      const resp = await fetch('/api/step', {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: key,
      });
      d = resp.ok ? await resp.json() : null;
    } catch (e) { d = null; }
    if (cache.size > 300) cache.clear();
    cache.set(key, d);
    return d;
  }

  const ROLE_WORDS = {
    dominated: 'the dominated option (deleted)',
    dominating: 'the option that dominates it',
    reversible: 'the reversible option (replaced)',
    reversing: 'its reversing option',
    repeated: 'the repeated option',
    'gift horse': 'the gift horse',
  };

  /** Appends `str` to `parent`, with a line-break opportunity (<wbr>, no text of its own)
   * after each comma and bar when `breaks`: a long term wraps between its options on a narrow
   * screen rather than scrolling sideways, and reads (and copies) exactly as written. */
  function addText(parent, str, breaks) {
    if (!breaks) { parent.appendChild(document.createTextNode(str)); return; }
    const parts = str.split(/(?<=[,|])/);
    parts.forEach((p, i) => {
      parent.appendChild(document.createTextNode(p));
      if (i < parts.length - 1) parent.appendChild(document.createElement('wbr'));
    });
  }

  /** Writes `text` into `el` with the marks (nested or disjoint spans) as elements; with
   * `breaks`, the text may wrap after its commas and bars. */
  function marked(el, text, marks, breaks) {
    el.textContent = '';
    const ms = marks.filter((m) => m.span && m.span[1] >= m.span[0])
      .sort((a, b) => a.span[0] - b.span[0] || (b.span[1] - b.span[0]) - (a.span[1] - a.span[0]));
    const put = (parent, from, to, list) => {
      let at = from;
      while (list.length && list[0].span[0] < to) {
        const m = list.shift();
        const [s, e] = [Math.max(m.span[0], at), Math.min(m.span[1], to)];
        if (s > at) addText(parent, text.slice(at, s), breaks);
        const node = document.createElement(m.tag);
        node.className = m.cls;
        if (m.title) node.title = m.title;
        for (const [k, v] of Object.entries(m.data || {})) node.dataset[k] = v;
        // Marks inside this one go inside it.
        const inner = [];
        while (list.length && list[0].span[0] < e) inner.push(list.shift());
        put(node, s, e, inner);
        parent.appendChild(node);
        at = Math.max(at, e);
      }
      if (at < to) addText(parent, text.slice(at, to), breaks);
    };
    put(el, 0, text.length, ms);
  }

  /** The marks of one side ('before' or 'after') of a described step. */
  function marksOf(d, side) {
    const out = [];
    const changed = d.changed && d.changed[side];
    if (changed && d.rule) {
      out.push({ span: changed, tag: 'mark', cls: 'changed', title: `the rewritten part (${d.at_words || d.at.join('/') || 'the whole game'})` });
    }
    if (side === 'before') {
      for (const o of d.deleted) out.push({ span: o.span, tag: 'del', cls: 'deleted', title: `deleted by the step: ${o.text}` });
    } else {
      for (const o of d.inserted) out.push({ span: o.span, tag: 'ins', cls: 'inserted', title: `put in by the step: ${o.text}` });
    }
    for (const n of d.named) {
      if (n.in !== side) continue;
      out.push({ span: n.span, tag: 'span', cls: 'named' + (n.role ? ' role-' + n.role.replace(/\s+/g, '-') : ''),
        title: `${n.name}${n.value ? ' = ' + n.value : ''}${n.role ? ': ' + (ROLE_WORDS[n.role] || n.role) : ''}`, data: { name: n.name } });
    }
    return out;
  }

  /** A line saying, in words, what the marks mean for this step. */
  function legend(d) {
    const box = byId('step-legend');
    if (!box) return;
    box.textContent = '';
    if (!d || !d.rule) return;
    const items = [];
    const named = d.named.filter((n) => n.role);
    for (const n of named) {
      const worth = n.value ? ` (= ${n.value})` : '';
      items.push([`named role-${n.role.replace(/\s+/g, '-')}`, `${n.name} = ${n.text}${worth}`, ROLE_WORDS[n.role] || n.role]);
    }
    // A deleted option the rule names is said once, with its role.
    const said = new Set(named.map((n) => n.path.join('/')));
    const gone = d.deleted.filter((o) => !said.has(o.path.join('/')));
    if (gone.length) items.push(['deleted', gone.map((o) => o.text).join(', '), 'deleted']);
    if (d.inserted.length) items.push(['inserted', d.inserted.map((o) => o.text).join(', '), 'put in its place']);
    if (!items.length) items.push(['changed', (d.changed && d.changed.before) ? d.before.text.slice(...d.changed.before) : '', `rewritten as ${(d.changed && d.changed.after) ? d.after.text.slice(...d.changed.after) : ''}`]);
    for (const [cls, what, words] of items) {
      const span = document.createElement('span');
      span.className = 'legend-item';
      const code = document.createElement('code');
      code.className = cls;
      code.textContent = what;
      span.appendChild(code);
      span.appendChild(document.createTextNode(' ' + words));
      box.appendChild(span);
    }
  }

  // ---------- trees ----------

  const CHAR_W = 8.5, PAD = 10, BOX_H = 26, LEVEL = 64, GAP = 12, MARGIN = 16, MAX_LABEL = 22;

  /** Whether `s` is one brace term: it opens with `{` and that brace closes at its end. */
  function braced(s) {
    if (!s.startsWith('{')) return false;
    let depth = 0;
    for (let i = 0; i < s.length; i++) {
      if (s[i] === '{') depth++;
      else if (s[i] === '}' && --depth === 0) return i === s.length - 1;
    }
    return false;
  }

  function label(text, n) {
    if (n.kind === 'sum') return '+';
    if (n.kind === 'neg') return '−';
    let s = text.slice(n.span[0], n.span[1]);
    // An option written in slash notation without its braces (`{|}|-5` in `{||{|}|-5}`) is a
    // game all the same: its label is the whole term.
    if (n.kind === 'game' && !braced(s)) s = '{' + s + '}';
    return s;
  }

  /** The path → class map of the nodes to highlight on one side. */
  function nodeClasses(d, side) {
    const m = new Map();
    const add = (p, cls) => { const k = p.join('/'); m.set(k, ((m.get(k) || '') + ' ' + cls).trim()); };
    if (d.rule && d.changed && d.changed[side]) add(d.at, 'changed');
    if (side === 'before') for (const o of d.deleted) add(o.path, 'deleted');
    else for (const o of d.inserted) add(o.path, 'inserted');
    for (const n of d.named) if (n.in === side) add(n.path, 'named' + (n.role ? ' role-' + n.role.replace(/\s+/g, '-') : ''));
    return m;
  }

  function svgTree(text, root, classes) {
    const NS = 'http://www.w3.org/2000/svg';
    const shown = (t) => {
      const s = label(text, t);
      return s.length > MAX_LABEL ? s.slice(0, MAX_LABEL - 1) + '…' : s;
    };
    const boxW = (t) => (t.kind === 'sum' || t.kind === 'neg') ? BOX_H : shown(t).length * CHAR_W + 2 * PAD;
    const bands = new Map();
    const band = (t) => {
      if (bands.has(t)) return bands.get(t);
      const kids = t.children.reduce((a, c) => a + band(c.node), 0) + GAP * Math.max(0, t.children.length - 1);
      const b = Math.max(boxW(t), kids);
      bands.set(t, b);
      return b;
    };
    const depth = (t) => 1 + Math.max(0, ...t.children.map((c) => depth(c.node)));
    const w = band(root) + 2 * MARGIN;
    const h = (depth(root) - 1) * LEVEL + BOX_H + 2 * MARGIN;
    const svg = document.createElementNS(NS, 'svg');
    svg.setAttribute('width', w);
    svg.setAttribute('height', h);
    svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
    svg.setAttribute('font-family', 'monospace');
    svg.setAttribute('font-size', '14');
    const edges = document.createElementNS(NS, 'g');
    const nodes = document.createElementNS(NS, 'g');
    svg.appendChild(edges);
    svg.appendChild(nodes);
    const el = (name, attrs, parent) => {
      const e = document.createElementNS(NS, name);
      for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
      parent.appendChild(e);
      return e;
    };
    const colour = { L: '#1f4fd8', R: '#d8281f' };
    const place = (t, path, x, level) => {
      const width = band(t);
      const kidsW = t.children.reduce((a, c) => a + band(c.node), 0) + GAP * Math.max(0, t.children.length - 1);
      let cx = x + (width - kidsW) / 2;
      const y = MARGIN + level * LEVEL;
      const centre = x + width / 2;
      for (const c of t.children) {
        const cc = place(c.node, path.concat([c.edge]), cx, level + 1);
        const side = c.edge[0] === 'L' || c.edge[0] === 'R' ? c.edge[0] : null;
        el('line', { x1: centre, y1: y + BOX_H, x2: cc, y2: y + LEVEL,
          stroke: side ? colour[side] : '#888', 'stroke-width': 2,
          'stroke-dasharray': side ? '' : '4 3' }, edges);
        cx += band(c.node) + GAP;
      }
      const bw = boxW(t);
      const cls = classes.get(path.join('/')) || '';
      const g = el('g', { class: 'node ' + cls, 'data-path': path.join('/') }, nodes);
      const full = label(text, t);
      el('title', {}, g).textContent = t.kind === 'sum' ? 'a sum: a move is a move in one part'
        : t.kind === 'neg' ? 'a negative: Left and Right swapped' : full;
      if (t.kind === 'sum' || t.kind === 'neg') {
        el('circle', { cx: centre, cy: y + BOX_H / 2, r: BOX_H / 2 }, g);
      } else {
        el('rect', { x: centre - bw / 2, y, width: bw, height: BOX_H, rx: 6 }, g);
      }
      const tx = el('text', { x: centre, y: y + BOX_H / 2 + 5, 'text-anchor': 'middle' }, g);
      tx.textContent = shown(t);
      return centre;
    };
    place(root, [], MARGIN, 0);
    return svg;
  }

  function drawTrees(d) {
    const box = byId('tree-box');
    if (!box) return;
    box.classList.add('pair');
    box.textContent = '';
    const pair = document.createElement('div');
    pair.className = 'tree-pair';
    const sides = d.rule ? ['before', 'after'] : ['before'];
    for (const side of sides) {
      const fig = document.createElement('figure');
      fig.className = 'tree-' + side;
      const cap = document.createElement('figcaption');
      cap.textContent = d.rule ? (side === 'before' ? 'before the step' : 'after the step') : 'the game as written';
      fig.appendChild(cap);
      const t = d[side];
      if (t.tree) fig.appendChild(svgTree(t.text, t.tree, nodeClasses(d, side)));
      else fig.appendChild(document.createTextNode('too large to draw (over 4,000 nodes)'));
      pair.appendChild(fig);
    }
    box.appendChild(pair);
    const note = document.createElement('p');
    note.className = 'tree-note';
    note.textContent = 'Blue edges: Left\'s moves; red: Right\'s; a circle with + is a sum (dashed edges to its parts). '
      + 'Outlined: the rewritten part; struck through: deleted; green: put in.';
    box.appendChild(note);
  }

  /** The reason in words as /api/step spells it (its terms as the step's terms are written),
   * each witness that is a number followed by it: "Right option {{3|}|} (= 5) is reversible
   * through its Left option {3|} (= 4)". */
  function numbersInWhy(s, d, normal) {
    const box = byId('why');
    if (!box || !s || !s.why || typeof d.why !== 'string') return;
    // Once, on the plain reason app.js wrote.
    if (!box.firstChild || box.firstChild.nodeType !== Node.TEXT_NODE || box.firstChild.data !== s.why) return;
    const rest = [...box.childNodes].slice(1); // a lemma's button, if any
    box.textContent = '';
    let at = 0;
    // The numbers a game is worth are normal play's (the kernel's): said only of its steps.
    for (const [, to, n] of normal ? (d.why_numbers || []) : []) {
      box.appendChild(document.createTextNode(d.why.slice(at, to)));
      box.appendChild(el('span', ` (= ${n.replace(/^-/, '−')})`, 'number'));
      at = to;
    }
    box.appendChild(document.createTextNode(d.why.slice(at)));
    for (const n of rest) box.appendChild(n);
  }

  /** The rule's statement with this step's values put in: the rewritten part before and after
   * (`-1 = {|0}`), so the letters of the statement and the values never have to be matched
   * by the reader. The game with no options becoming 0 is said in words: that is what 0 is. */
  function instance(s, d) {
    const table = byId('witnesses');
    if (!table || !s || !d.rule || !d.changed || !d.changed.before || !d.changed.after) return;
    const x = d.before.text.slice(...d.changed.before);
    const y = d.after.text.slice(...d.changed.after);
    let tr = byId('instance-row');
    if (!tr) {
      tr = table.insertRow(0);
      tr.id = 'instance-row';
      tr.insertCell().textContent = 'this step';
      tr.insertCell();
    }
    tr.cells[1].textContent = `${x}  =  ${y}`;
    if (x.replace(/\s/g, '') === '{|}' && y === '0') {
      const why = byId('why');
      const rest = why ? [...why.childNodes].filter((n) => n.nodeType !== Node.TEXT_NODE && !n.classList.contains('number')) : [];
      if (why) {
        why.textContent = 'The game {|} gives neither player a move: whoever must move first loses, '
          + 'which is what the game 0 is (0 = {|}, the first game of all).';
        for (const n of rest) why.appendChild(n);
      }
    }
  }

  /** A board drawn small: Domineering's (`.` empty, `#` filled, rows split by |), the squares
   * of the move just made coloured by its player (Left blue, Right red); or Clobber's (`x`
   * Left's stone, blue; `o` Right's, red), the two squares of the move framed in the mover's
   * colour (the one it left, now empty, and the one it clobbered, now its own). */
  function boardPicture(board, cells, player) {
    const NS = 'http://www.w3.org/2000/svg';
    const rows = board.split('|');
    const S = 22, w = Math.max(...rows.map((r) => r.length)) * S + 2, h = rows.length * S + 2;
    const svg = document.createElementNS(NS, 'svg');
    svg.setAttribute('width', w);
    svg.setAttribute('height', h);
    svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
    svg.setAttribute('class', 'move-board');
    const moved = new Set(cells.map(([r, c]) => `${r - 1},${c - 1}`));
    const mine = player === 'Left' ? '#1f4fd8' : '#d8281f';
    const add = (tag, attrs) => {
      const e = document.createElementNS(NS, tag);
      for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
      svg.appendChild(e);
      return e;
    };
    rows.forEach((row, r) => [...row].forEach((ch, c) => {
      const x = 1 + c * S, y = 1 + r * S, at = moved.has(`${r},${c}`);
      if (ch === 'x' || ch === 'o' || (at && ch === '.' && /[xo]/.test(board))) {
        // A Clobber square: its stone, if any, as a disc; the move's squares framed.
        add('rect', { x, y, width: S, height: S, fill: at ? '#fff3b0' : '#fff', stroke: at ? mine : '#333', 'stroke-width': at ? 2 : 1, class: at ? 'moved' : '' });
        if (ch !== '.') add('circle', { cx: x + S / 2, cy: y + S / 2, r: S / 2 - 4, fill: ch === 'x' ? '#1f4fd8' : '#d8281f', class: ch === 'x' ? 'stone-x' : 'stone-o' });
        return;
      }
      const fill = at ? mine : ch === '#' ? '#888' : '#fff';
      add('rect', { x, y, width: S, height: S, fill, stroke: '#333' });
    }));
    return svg;
  }

  /** What the pictures of a ruleset's moves show, said once above them. */
  /** What a list of moves in words is of, said once above it (heaps and rows, not boards). */
  const LIST_HEAD = {
    kayles: 'Which move gives which option (Kayles: a row of pins counted from the left; a move knocks down one pin or two side by side, and the pins left standing form rows; a move and its mirror image leave the same rows, so each position is listed once):',
    dawsons_kayles: 'Which move gives which option (Dawson\'s Kayles: a row of pins counted from the left; a move knocks down two pins side by side, and the pins left standing form rows; a move and its mirror image leave the same rows):',
    wythoff: 'Which move gives which option (Wythoff\'s game: two heaps; a move takes any number from one heap, or the same number from both; in CGSuite\'s picture a queen on a quarter-infinite board moves toward the corner (0, 0)):',
  };

  const MOVES_HEAD = {
    domineering: 'Which move gives which option (Left places a vertical domino, Right a horizontal one; the squares are row, column from the top left):',
    clobber: 'Which move gives which option (Left\'s stones x are blue, Right\'s o red; a stone moves onto an adjacent stone of the other colour, which is removed; each board is the one the move leaves, its two squares framed; the squares are row, column from the top left):',
  };

  /** For a step opening a ruleset's position: each move in the ruleset's words (a board's
   * drawn, Right's too as the board it leaves) beside the option it gives (/api/step's
   * "moves"). */
  function boardMoves(d) {
    let box = byId('moves');
    if (!(d.moves || []).length) { if (box) box.remove(); return; }
    if (!box) {
      box = el('div', undefined, 'moves');
      box.id = 'moves';
      const table = byId('witnesses');
      table.parentNode.insertBefore(box, table.nextSibling);
    }
    box.textContent = '';
    const drawn = d.moves.some((m) => m.board && m.cells && m.cells.length > 1);
    const head = drawn ? MOVES_HEAD[d.moves[0].ruleset] : LIST_HEAD[d.moves[0].ruleset];
    box.appendChild(el('div', head || 'Which move gives which option:', 'moves-head'));
    const grid = el('div', undefined, drawn ? 'move-grid' : 'move-list');
    for (const m of d.moves) {
      const who = m.player === 'either' ? 'Either player' : m.player;
      const fig = el('figure', undefined, 'move ' + m.player.toLowerCase());
      if (drawn && m.board) fig.appendChild(boardPicture(m.board, m.cells, m.player));
      else if (m.board) fig.appendChild(el('code', m.board, 'move-board'));
      // A misère opening writes each option out as its game tree: the position is the same
      // game; a normal-play opening may write it otherwise (a board turned and negated).
      const written = !m.written || m.written === m.text ? ''
        : d.rule === 'misere-opening' ? ` (written out as ${m.written} in the step: the same game tree)`
          : ` (written ${m.written.replace(/^-/, '−')} in the step: the same value)`;
      fig.appendChild(el('figcaption', `${who} ${m.words}: option ${m.option || '?'} = ${m.text}${written}`));
      grid.appendChild(fig);
    }
    box.appendChild(grid);
  }

  let ticket = 0;
  /** Shows step `s` (a proof JSON step, `from` filled in), or the chain's start when `s` is
   * null and `start` is given. */
  async function show(s, start) {
    const mine = ++ticket;
    const step = s || { from: start, to: start, rule: '' };
    // The plain texts at once; the marks when the server has placed them.
    byId('before').textContent = step.from;
    byId('after').textContent = step.to;
    const d = await describe(step);
    if (mine !== ticket) return;
    if (!d) {
      const leg = byId('step-legend');
      if (leg) leg.textContent = '';
      return;
    }
    marked(byId('before'), d.before.text, marksOf(d, 'before'), true);
    marked(byId('after'), d.after.text, marksOf(d, 'after'), true);
    legend(d);
    // Where the step acts, in words ("the offside (right of &)"), the path kept as a tooltip.
    const at = byId('at');
    if (at && s && d.at_words) {
      at.textContent = d.at_words + (s.reversed ? ' (applied right to left)' : '');
    }
    // The numbers a game is worth are normal play's (the kernel's): said only of its steps.
    const normal = !(typeof state !== 'undefined' && state.proof && state.proof.play);
    // The instance as the terms are written (nested braces or slashes), with its numbers.
    if (here && s && here.witnesses === (s.witnesses || {}) && d.witnesses) {
      here.cell.textContent = '';
      here.cell.appendChild(instanceOf({ ...here.witnesses, ...d.witnesses }, normal ? (d.numbers || {}) : {}));
    }
    numbersInWhy(s, d, normal);
    instance(s, d);
    boardMoves(d);
    drawTrees(d);
  }


  // ---------- words for a student ----------

  /** The seeds and references the rules cite, a line each (the seeds' README). */
  const SOURCES = [
    [/seed 000/, 'seed 000', 'Numbers: their definition, the simplicity rule, dyadic fractions, surreal arithmetic, ordinals; the nimber field'],
    [/seed 001/, 'seed 001', 'Hackenstrings: rows of pebbles and their values'],
    [/seed 002/, 'seed 002', 'A rigorous introduction: games, order, sums, equality, gift horses, dominated and reversible options, canonical forms, numbers, simplicity, number avoidance, infinitesimals, impartial games'],
    [/seed 003/, 'seed 003', 'Nimbers: nim addition and multiplication from the mex definitions'],
    [/seed 004/, 'seed 004', 'Simplifying positions: the gift horse principle, dominated and reversible options, canonical forms, worked examples such as {0|5} = 1'],
    [/research\/cgsuite\.md/, 'research/cgsuite.md', 'the project\'s notes on CGSuite, the standard program for these games, and its notation'],
    [/ONAG/, 'ONAG', 'Conway, On Numbers and Games (the book this project is named after)'],
    [/Winning Ways/, 'Winning Ways', 'Berlekamp, Conway and Guy, Winning Ways for your Mathematical Plays'],
    [/Siegel/, 'Siegel, CGT', 'Siegel, Combinatorial Game Theory (the graduate textbook)'],
  ];

  /** Each rule group in one line (rules/*.rules). */
  const GROUPS = {
    fundamental: 'the definitions with dominated, reversible and sets: by themselves they reach every canonical form (seed 004)',
    definitions: 'what the notation means: 0 = {|}, n + 1 = {n|}, *n, ^ = {0|*}, sums and negatives by their definition (seed 002, Definitions 2.1 and 2.7)',
    dominated: 'delete an option no better for its player than another of theirs (seed 004, fact 5)',
    reversible: 'bypass an option the opponent can answer with a position at least as good for them as the whole game (seed 004, fact 6)',
    sets: 'options form a set: an option written twice counts once',
    'gift-horse': 'add or remove an option no better for its player than the game itself (seed 004, fact 4)',
    shortcut: 'theorems that do many definition steps at once: simplicity, mex, number avoidance (seed 002, §5 and §7)',
    arithmetic: 'sums and negatives of numbers, ups and nimbers worked out at once (seed 002, §3, §6 and §7)',
    'canonical-open': 'write x + n.^ + *k straight as its canonical form instead of as a sum (seed 002, §6)',
    openings: 'open a named function (cooling, a ruleset\'s position, a nim product) one level, by its definition',
    analysis: 'cooling and heating opened by their definitions (ONAG, ch. 9, the temperature theory seed 002 §5 cites)',
    nimbers: 'nim products, inverses and square roots opened by their mex definitions (seeds 000 and 003)',
    rulesets: 'positions of Domineering, Clobber, Toads and Frogs, Cutcake, Hackenbush, Kayles and other octal and take-and-break games opened into their moves',
    misere: 'misère play of impartial games: their simplest forms, reversible moves and Conway\'s proviso (ONAG, ch. 12, as seed 002 §7 cites it; Winning Ways; Siegel, CGT)',
    loopy: 'loopy games: stoppers\' simplest forms (dominated and reversible options by the survival order), onsides and offsides, fusion of equal positions (Siegel, CGT; Winning Ways: no seed covers loopy games)',
  };

  const NOTATION = [
    ['{a,b|c}', 'a game: Left may move to a or b, Right to c'],
    ['{2|0||3}', 'the same as {{2|0}|3}: more bars separate the outer game'],
    ['0, 1, -1, 1/2', '0 = {|}, 1 = {0|}, 2 = {1|}, -1 = {|0}, 1/2 = {0|1}'],
    ['*, *n', 'star = {0|0}; *n is a nim heap of n: {0,*,…,*(n-1) | the same}'],
    ['^, v, ^*', 'up = {0|*}, down = {*|0}; ^* = ^ + *, ^2 = ^^ = ^ + ^'],
    ['+-x', '±x = {x|-x}, a switch'],
    ['G + H, -G', 'a sum (each move is a move in one part); the negative (Left and Right swap)'],
    ['#n', 'entry n of the proof\'s table of shared terms'],
    ['..L', 'in a rule: the rest of the options, a set that may be empty'],
    ['A @ {…}', 'in a rule: the game A, which has the shape {…}'],
    ['L0, R1, sum.0', 'where a step applies: the first Left option, the second Right option, the first part of a sum'],
    ['domineering("..|..")', 'a ruleset\'s position, its board as text: rows split by |, . empty, # taken (Left places vertical dominoes, Right horizontal); drawn beside the result'],
    ['clobber("xo|ox"), toads("tt..ff")', 'Clobber (x Left\'s stones, o Right\'s) and Toads and Frogs strips; hackenbush("…") a picture (docs/POSITIONS.md)'],
    ['kayles(5), octal("0.77", 5), nim(3)', 'impartial rulesets by heap: opened into their moves, each said in words (kayles(n) is octal("0.77", n)); with the misère switch, derived from their moves to the misère simplest form'],
    ['on, off, dud, over, pass, a{0|a}', 'loopy games: on = {pass|}, off = {|pass}, dud = {pass|pass}, over = {0|pass}; a label a marks a cycle'],
  ];

  const el = (tag, text, cls) => {
    const e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  };

  /** The rule's own citation (its `cite` line in rules/*.rules: the books by chapter where
   * the seeds confirm one, the seeds beside), each source it names explained in a line. */
  function cite(box, text) {
    box.textContent = '';
    if (!text) return;
    box.appendChild(el('div', text));
    const ul = el('ul', undefined, 'sources');
    for (const [re, name, what] of SOURCES) {
      if (re.test(text)) ul.appendChild(el('li', `${name}: ${what}`));
    }
    if (ul.childElementCount) box.appendChild(ul);
  }

  /** The step's instance: each bound letter and what it is here (empty sets left out), a game
   * that is a number written otherwise followed by the number (`{{3|}|} (= 5)`; `numbers`, from
   * /api/step, maps a witness's text to its number). */
  function instanceOf(w, numbers) {
    const frag = document.createDocumentFragment();
    const parts = [];
    const game = (text) => {
      const out = [document.createTextNode(text)];
      if (numbers[text] !== undefined) out.push(el('span', ` (= ${numbers[text].replace(/^-/, '−')})`, 'number'));
      return out;
    };
    for (const [k, v] of Object.entries(w.games || {})) parts.push([document.createTextNode(`${k} = `), ...game(v)]);
    for (const [k, v] of Object.entries(w.sets || {})) {
      if (!v.length) continue;
      const p = [document.createTextNode(`${k} = (`)];
      v.forEach((x, i) => { if (i) p.push(document.createTextNode(', ')); p.push(...game(x)); });
      p.push(document.createTextNode(')'));
      parts.push(p);
    }
    for (const [k, v] of Object.entries(w.values || {})) parts.push([document.createTextNode(`${k} = ${v}`)]);
    for (const [k, v] of Object.entries(w.rows || {})) parts.push([document.createTextNode(`${k} = ${v}`)]);
    parts.forEach((p, i) => {
      if (i) frag.appendChild(document.createTextNode(',  '));
      for (const n of p) frag.appendChild(n);
    });
    return frag;
  }

  /** The instance row of the step shown, to be given its numbers when /api/step answers. */
  let here = null;

  /** The rule's statement once, in its own letters, then this step's instance of it (empty
   * sets left out), and a button for each comparison the rule asks, with its reasons in words. */
  function words(s, rule) {
    const table = byId('witnesses');
    table.innerHTML = '';
    const w = s.witnesses || {};
    const row = (name, value) => {
      const tr = table.insertRow();
      tr.insertCell().textContent = name;
      const td = tr.insertCell();
      if (typeof value === 'string') td.textContent = value; else td.appendChild(value);
      return td;
    };
    if (rule && rule.match) {
      const when = (rule.when || []).length ? `   when ${rule.when.join(' and ')}` : '';
      // The rule's pattern in its own letters: the letters the instance below binds.
      row('pattern', `${rule.match}  =  ${rule.yield}${when}`);
    }
    if (instanceOf(w, {}).childNodes.length) {
      // The numbers among the witnesses come with the step's marks (show, below).
      here = { witnesses: w, cell: row('with', instanceOf(w, {})) };
    } else {
      here = null;
    }
    cite(byId('rule-cite'), rule ? rule.cite : '');
    const groups = byId('rule-groups');
    if (groups && rule) {
      groups.textContent = '';
      for (const g of rule.groups) {
        const b = el('span', g, 'group');
        b.title = GROUPS[g] || '';
        groups.appendChild(b);
      }
    }
    // Each comparison of two bound games, explained by the definition of <= on request.
    for (const c of (rule && rule.when) || []) {
      const m = /^(\w+)\s*(<=|>=)\s*(\w+)$/.exec(c);
      if (!m || !(w.games || {})[m[1]] || !(w.games || {})[m[3]]) continue;
      // Asked as the rule states it: `B >= G` stays B ≥ G.
      const [x, y] = [m[1], m[3]];
      const left = w.games[x], right = w.games[y];
      const b = el('button', `why is ${x} ${m[2] === '<=' ? '≤' : '≥'} ${y}?`, 'why-compare');
      const td = row('reason', b);
      const pre = el('pre', undefined, 'compare-words');
      pre.hidden = true;
      td.appendChild(pre);
      b.onclick = async () => {
        if (!pre.hidden) { pre.hidden = true; return; }
        pre.textContent = '…';
        pre.hidden = false;
        try {
          const r = await fetch('/api/compare', { method: 'POST', headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ left, right, format: 'text', explain: 1 }) });
          pre.textContent = `${x} = ${left},  ${y} = ${right}\n` + await r.text();
        } catch (e) { pre.textContent = 'the server did not answer'; }
      };
    }
  }

  /** The notation cheat-sheet and the glossary of rule groups and sources, once. */
  function reference() {
    if (byId('reference')) return;
    const sec = el('section');
    sec.id = 'reference';
    const notation = el('details');
    notation.appendChild(el('summary', 'Notation cheat-sheet'));
    const t1 = el('table');
    for (const [a, b] of NOTATION) {
      const tr = t1.insertRow();
      tr.insertCell().appendChild(el('code', a));
      tr.insertCell().textContent = b;
    }
    notation.appendChild(t1);
    const glossary = el('details');
    glossary.appendChild(el('summary', 'Rule groups and the sources cited'));
    const t2 = el('table');
    for (const [g, what] of Object.entries(GROUPS)) {
      const tr = t2.insertRow();
      tr.insertCell().appendChild(el('code', g));
      tr.insertCell().textContent = what;
    }
    for (const [, name, what] of SOURCES) {
      const tr = t2.insertRow();
      tr.insertCell().textContent = name;
      tr.insertCell().textContent = what;
    }
    glossary.appendChild(t2);
    sec.appendChild(notation);
    sec.appendChild(glossary);
    const footer = document.querySelector('footer');
    footer.parentNode.insertBefore(sec, footer);
  }
  reference();

  /** A false claim's winning first moves as moves in the games written (compare, prove). */
  function winningLines(d) {
    const sum = (t) => / [+-] /.test(t);
    const minus = (x, y) => `${sum(x) ? '(' + x + ')' : x} − ${sum(y) || y.startsWith('-') ? '(' + y + ')' : y}`;
    return (d.moves_in_games || []).map((m) => {
      const whole = m.game === 'A' ? d.a : d.b;
      const moved = m.at.length ? `the part ${m.part} of ${m.game} (at ${m.at.join('/')})` : `${m.game} = ${whole}`;
      const [a2, b2] = m.game === 'A' ? [m.game_after, d.b] : [d.a, m.game_after];
      const how = m.mover === m.player ? `moving ${moved} to ${m.to}`
        : `moving in −B, which is ${m.mover}'s move in ${moved} to ${m.to}`;
      const next = m.player === 'Left' ? 'Right' : 'Left';
      const sign = m.player === 'Left' ? '≥ 0' : '≤ 0';
      return `In your games: ${m.player} moving first wins by ${how}, leaving ${minus(a2, b2)} ${sign}, which ${next}, moving next, loses.`;
    });
  }

  return { show, describe, marked, words, winningLines, GROUPS };
})();
