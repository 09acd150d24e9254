// The onag teaching page: plain JavaScript, no build step, no network beyond this server.
// Every answer comes from the JSON API (docs/SERVE.md), which prints what the CLI prints.
'use strict';

const $ = (id) => document.getElementById(id);
const state = {
  op: 'simplify',
  rules: new Map(),   // rule name -> {says, cite, groups}
  proof: null,        // the proof JSON being shown
  chains: [],         // [{title, start, steps}]: the main derivation, then each lemma
  chain: 0,
  pos: 0,             // 0: the chain's start; i: after step i
  lastRequest: null,  // {op, body}: for the LaTeX and Markdown exports
  exit: 0,            // the shown proof's x-onag-exit (3: the rules stopped short)
  ready: Promise.resolve(), // settled once the rules are read (init)
  named: null,        // {req, name}: a loopy or misère result's name, from its analysis (plays.js)
};

// The page's other scripts (state.js, refs.js, analyze.js) listen here. 'shown': a result
// arrived (op, response); 'step': the chain or the step shown changed.
const hooks = { shown: [], step: [] };
function emit(name, ...args) {
  for (const f of hooks[name]) f(...args);
}

// ---------- talking to the server ----------

async function api(op, body) {
  const resp = await fetch('/api/' + op, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const type = resp.headers.get('content-type') || '';
  const data = type.startsWith('application/json') ? await resp.json() : await resp.text();
  return { ok: resp.ok, status: resp.status, exit: Number(resp.headers.get('x-onag-exit')), data };
}

function options() {
  const body = {};
  const groups = [...document.querySelectorAll('#groups input:checked')].map((c) => c.value);
  if (groups.length) body.rules = groups.join(',');
  const explain = Number($('explain').value) || 0;
  if (explain > 0) body.explain = explain;
  return body;
}

/** The play chosen by the switch (plays.js): 'normal' or 'misere'. */
function chosenPlay() {
  const c = document.querySelector('#play input:checked');
  return c ? c.value : 'normal';
}

function requestFor(op) {
  const body = options();
  const q = $('expr').value.trim();
  if (op === 'prove' || op === 'compare') {
    body.left = q;
    body.right = $('right').value.trim();
  } else {
    body.expr = q;
  }
  // Misère play for the operations that have it (Compare is normal play's order).
  if (chosenPlay() === 'misere' && op !== 'compare') body.misere = true;
  // Terms as the "nested braces" box says: a proof answer carries both spellings ("braced"
  // beside the proof's own), so the box switches the headline without asking again; Analyze
  // writes its values as asked.
  if (op === 'simplify' || op === 'prove') body.braces = true;
  else if (op === 'analyze' && bracesOn()) body.braces = true;
  return body;
}

/** Whether the "nested braces" box by the stepper is ticked (the default). */
function bracesOn() {
  const b = $('braces');
  return !b || b.checked;
}

/** A proof's input, result and final claim as the page writes them: nested braces when the box
 * is ticked and the server wrote them so (`"braced"`, docs/SERVE.md); a name of the proof's
 * term table (`#3`) is left to the proof's own (expanded) text. */
function shownTerms(proof) {
  const b = bracesOn() && proof.braced;
  const pick = (k) => (b && typeof b[k] === 'string' && !/#\d/.test(b[k]) ? b[k] : proof[k]);
  return { input: pick('input'), result: pick('result'), final: (b && b.final) || proof.final };
}

// ---------- live parse errors ----------

let parseTimer = null;
let parseTicket = 0;
function liveParse() {
  clearTimeout(parseTimer);
  // An error from the last run no longer describes what is typed.
  $('error').hidden = true;
  const ticket = ++parseTicket;
  parseTimer = setTimeout(async () => {
    for (const [field, box] of [['expr', 'parse-error'], ['right', 'right-error']]) {
      const text = $(field).value;
      if (!text.trim() || (field === 'right' && $('right-row').hidden)) {
        $(box).hidden = true;
        continue;
      }
      try {
        const r = await api('parse', { expr: text });
        // An answer for text since changed is stale.
        if (ticket !== parseTicket) return;
        $(box).hidden = r.ok;
        if (!r.ok) $(box).textContent = readable(r.data.error || String(r.data));
      } catch (e) {
        $(box).hidden = true;
      }
    }
  }, 200);
}

// ---------- running an operation ----------

function setOp(op) {
  state.op = op;
  const two = op === 'prove' || op === 'compare';
  $('right-row').hidden = !two;
  $('expr-label').textContent = two ? 'First game' : 'Game (CGSuite notation)';
}

async function run(op) {
  setOp(op);
  const body = requestFor(op);
  if (!readyToRun(op)) return;
  state.lastRequest = { op, body };
  // A computation asked for here (not opened from the URL) is a new history entry (state.js).
  view.newRun = !view.fromUrl;
  view.fromUrl = false;
  saveUrl();
  for (const b of document.querySelectorAll('.buttons button')) b.disabled = true;
  $('error').hidden = true;
  $('export').hidden = true;
  $('copy').hidden = true;
  try {
    const r = await api(op, body);
    // The steps' words need the rules (a click may come before they arrived).
    await state.ready;
    if (!r.ok) {
      showError(r.data.error || String(r.data), r.data);
      return;
    }
    show(op, r);
  } catch (e) {
    showError('error: the server did not answer (' + e + ')');
  } finally {
    for (const b of document.querySelectorAll('.buttons button')) b.disabled = false;
  }
}

/** The rulesets a student may write without a position (the cheat-sheet lists their syntax). */
const RULESETS = ['domineering', 'clobber', 'toads', 'hackenbush', 'cutcake', 'kayles', 'cram', 'octal', 'nim', 'wythoff', 'amazons', 'snort', 'col'];

/** The server's message made shorter where it lists every function, and a hint where a
 * ruleset's name is written without its position. */
function readable(message) {
  let m = String(message).replace(/ \(the functions are [^)]*\)/, ' (the cheat-sheet lists the rulesets)');
  const bare = /unknown name `(\w+)`/.exec(m);
  if (bare && RULESETS.includes(bare[1].toLowerCase())) {
    const n = bare[1].toLowerCase();
    m += `\nhint: ${n} is a ruleset: write a position, e.g. ${n === 'domineering' ? 'domineering("..|..")' : n + '(…)'} (see the notation cheat-sheet)`;
  }
  return m;
}

function showError(message, data) {
  message = readable(message);
  $('result').hidden = true;
  // A parse error is shown once, under the input it is about (state.js).
  const box = errorBoxFor(data);
  if (box) {
    $(box).hidden = false;
    $(box).textContent = message;
    $('error').hidden = true;
    return;
  }
  $('error').hidden = false;
  $('error').textContent = message;
}

function show(op, r) {
  $('result').hidden = false;
  $('relation').hidden = true;
  $('analysis').hidden = true;
  $('derivation').hidden = true;
  const d = r.data;
  emit('shown', op, r);
  if (op === 'analyze') return d.play ? showPlayedAnalysis(d) : showAnalysis(d);
  if (op === 'prove' && d.equal === false && d.play) return showPlayedRelation(d); // plays.js
  if (op === 'compare' || (op === 'prove' && d.equal === false)) return showRelation(op, d);
  showProof(op, d, r.exit);
}

function showRelation(op, d) {
  const box = $('relation');
  box.hidden = false;
  box.innerHTML = '';
  $('headline').textContent = (op === 'prove' ? 'not equal: ' : '') + `${d.a} ${d.relation} ${d.b}`;
  const lines = [];
  if (d.reason) lines.push(d.reason);
  if (d.difference !== undefined) {
    const who = { L: 'Left wins it whoever moves first', R: 'Right wins it whoever moves first',
      N: 'whoever moves first wins it', P: 'whoever moves first loses it' }[d.outcome];
    lines.push(`A − B = ${d.difference}: ${who} (outcome ${d.outcome}).`);
    for (const player of ['Left', 'Right']) {
      const m = (d.moves || []).find((x) => x.player === player);
      lines.push(m ? `${player} moving first wins by moving to ${m.to} (outcome ${m.outcome}).`
        : `${player} moving first has no winning move.`);
    }
  }
  lines.splice(1, 0, ...Steps.winningLines(d)); // steps.js: the moves in A and B themselves
  appendList(box, lines);
}

/** `lines` as a bulleted list at the end of `box` (each line's text as it is, never HTML);
 * plays.js's loopy and misère relations too. */
function appendList(box, lines) {
  const ul = document.createElement('ul');
  for (const l of lines) {
    const li = document.createElement('li');
    li.textContent = l;
    ul.appendChild(li);
  }
  box.appendChild(ul);
}

// showAnalysis: analyze.js.

// ---------- derivations ----------

// Schema 3 leaves out a step's empty fields: a step at the top has no `at`, one that bound
// nothing no `witnesses`, and only a reversed step says `reversed`.
function withDefaults(steps) {
  return (steps || []).map((s) => ({
    ...s,
    at: s.at || [],
    witnesses: s.witnesses || {},
    reversed: !!s.reversed,
    parts: withDefaults(s.parts),
  }));
}

/** The derivation's headline, its terms written as the braces box says. */
function writeHeadline(op) {
  const proof = state.proof;
  const exit = state.exit;
  const t = shownTerms(proof);
  const n = proof.steps.length;
  const inPlay = { misere: ' in misère play', loopy: ' in loopy play' }[proof.play] || '';
  if (op === 'prove') {
    // "checked" exactly when the proof says it was, as the CLI prints it.
    $('headline').textContent = `proved${inPlay}: ${t.input} = ${t.result} (${n} step${n === 1 ? '' : 's'}, ${proof.checked ? 'checked' : 'NOT checked'})`;
  } else if (proof.play) {
    $('headline').textContent = playedHeadline({ ...proof, result: t.result }); // plays.js
  } else if (exit === 3) {
    $('headline').textContent = `the chosen rules stop at ${t.result} (not canonical: add rule groups)`;
  } else {
    $('headline').textContent = `canonical form: ${t.result}`;
  }
}

function showProof(op, proof, exit) {
  proof = { ...proof, steps: withDefaults(proof.steps), lemmas: (proof.lemmas || []).map((l) => ({ ...l, steps: withDefaults(l.steps) })) };
  // Misère and loopy proofs name their forms #n: written out where they fit (plays.js).
  if (proof.play) proof = expandPlayed(proof);
  state.proof = proof;
  state.chains = [{ title: 'the derivation', start: proof.input, steps: proof.steps }];
  (proof.lemmas || []).forEach((l, k) => {
    state.chains.push({ title: `lemma ${k}: ${l.from} = ${l.to}`, start: l.from, steps: l.steps });
  });
  state.exit = exit;
  writeHeadline(op);
  const lemmas = state.chains.length - 1;
  $('chain-note').textContent = lemmas ? `${lemmas} lemma${lemmas === 1 ? '' : 's'}, each proved once and cited where it recurs` : '';
  // A proof that shares its terms names each large part once, as #n: listed on demand, a
  // page at a time (refs.js), like the lemmas in the menu.
  showTerms(proof.terms || []);
  $('derivation').hidden = false;
  // A shared link may name a lemma and a step (state.js).
  const [chain, pos] = startAt();
  openChain(chain, pos);
}

function openChain(i, pos) {
  state.chain = i;
  fillChainMenu();
  $('chain').value = String(i);
  state.pos = pos;
  render();
  emit('step');
}

function step(delta) {
  const c = state.chains[state.chain];
  if (!c) return;
  const pos = Math.max(0, Math.min(c.steps.length, state.pos + delta));
  if (pos !== state.pos) {
    state.pos = pos;
    render();
    emit('step');
  }
}

/** The term before step i of a chain (a step omits `from` when it is where the chain is). */
function before(c, i) {
  const s = c.steps[i];
  if (s.from) return s.from;
  return i === 0 ? c.start : c.steps[i - 1].to;
}

function render() {
  const c = state.chains[state.chain];
  const n = c.steps.length;
  $('position').textContent = `step ${state.pos} of ${n}`;
  $('prev').disabled = state.pos === 0;
  $('first').disabled = state.pos === 0;
  $('next').disabled = state.pos === n;
  $('last').disabled = state.pos === n;
  const box = $('rule-box');
  if (state.pos === 0) {
    box.hidden = true;
    Steps.show(null, c.start); // steps.js: the terms and their trees
    return;
  }
  const s = c.steps[state.pos - 1];
  const from = before(c, state.pos - 1);
  box.hidden = false;
  const lemma = s.lemma !== undefined && s.lemma !== null;
  $('rule-name').textContent = lemma ? `lemma ${s.lemma}` : s.rule;
  const rule = state.rules.get(s.rule);
  $('rule-groups').textContent = rule ? `[${rule.groups.join(', ')}]` : '';
  $('rule-says').textContent = lemma ? 'An equality proved once, in its own chain (choose it above to step through it).'
    : (rule ? rule.says : '');
  $('rule-cite').textContent = rule ? rule.cite : '';
  $('at').textContent = (s.at.length ? s.at.join('/') : 'the whole game') + (s.reversed ? ' (applied right to left)' : '');
  // The path in the proof, kept as a tooltip; steps.js writes the place in words over it.
  $('at').title = `path in the proof: ${s.at.length ? s.at.join('/') : '.'}`;
  $('why').textContent = s.why || '';
  // A misère step rewrites its G wherever it occurs in the game written out; when G is not
  // written in the term before it (a sum's positions are met only by playing it), say so.
  const g = state.proof && state.proof.play === 'misere' && s.witnesses.games && s.witnesses.games.G;
  if (g && !from.includes(g)) {
    $('why').appendChild(document.createTextNode(` — ${g} is not written in ${from}: it is a position`
      + ' reached by moves in it, and this step replaces it wherever it occurs, the game written out'
      + ' as the game of its moves (misère equality is a congruence).'));
  }
  if (lemma) {
    const b = document.createElement('button');
    b.textContent = `open lemma ${s.lemma}`;
    b.onclick = () => openChain(s.lemma + 1, 0);
    $('why').appendChild(document.createTextNode(' '));
    $('why').appendChild(b);
  }
  Steps.words(s, rule); // steps.js: the statement, this instance, the citations
  renderConditions(s.conditions || []);
  // steps.js: before and after with what changed marked, and both trees.
  Steps.show({ ...s, from }, null);
}

function renderConditions(conds) {
  const box = $('conditions');
  box.innerHTML = '';
  for (const c of conds) {
    const [head, ...rest] = c.split('\n');
    const d = document.createElement('details');
    const s = document.createElement('summary');
    s.textContent = 'side condition: ' + head;
    d.appendChild(s);
    const pre = document.createElement('pre');
    pre.textContent = rest.join('\n') || '(decided by the kernel)';
    d.appendChild(pre);
    box.appendChild(d);
  }
}

// ---------- exports, URL, examples ----------

async function exportAs(format) {
  if (!state.lastRequest) return;
  // The exported text follows the braces box as the page does.
  const r = await api(state.lastRequest.op, { ...state.lastRequest.body, format, braces: bracesOn() });
  $('export').hidden = false;
  $('copy').hidden = false;
  $('export').value = r.ok ? r.data : (r.data.error || String(r.data));
}

/** Copies `text`; true when it reached the clipboard (else it is left selected in the export box). */
async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (e) {
    $('export').hidden = false;
    $('export').value = text;
    $('export').select();
    try {
      return document.execCommand('copy');
    } catch (e2) {
      return false;
    }
  }
}

// saveUrl, setGroups, loadFromUrl: state.js.

/** The rules and their groups, read from the server: the checkboxes, and each step's words. */
async function loadRules() {
  try {
    const resp = await fetch('/api/rules');
    const rules = await resp.json();
    const groups = new Set();
    for (const r of rules) {
      state.rules.set(r.name, r);
      r.groups.forEach((g) => groups.add(g));
    }
    const box = $('groups');
    // The groups of the other plays are listed too, as the glossary lists them: each is used
    // whole by its own play (misère by the switch, loopy by the notation), never ticked here.
    const own = { misere: 'used whole in misère play (the switch above)', loopy: 'used whole by games in the loopy notation' };
    for (const g of Object.keys(own)) groups.add(g);
    for (const g of [...groups].sort()) {
      const label = document.createElement('label');
      const c = document.createElement('input');
      c.type = 'checkbox';
      c.value = g;
      c.id = 'group-' + g;
      label.appendChild(c);
      label.appendChild(document.createTextNode(' ' + g));
      if (own[g]) {
        c.disabled = true;
        label.title = own[g];
        label.classList.add('play-group');
        label.appendChild(document.createTextNode(` (${own[g]})`));
      }
      box.appendChild(label);
    }
    // The badge names the groups as soon as they can be ticked (none ticked: all of them).
    updateRulesSummary();
  } catch (e) {
    showError('error: could not read the rules from the server (' + e + ')');
  }
}

/** The worked examples' menu. */
async function loadExamples() {
  try {
    const examples = await (await fetch('/examples.json')).json();
    const sel = $('examples');
    examples.forEach((ex, i) => {
      const o = document.createElement('option');
      o.value = String(i);
      o.textContent = `${ex.title} (${ex.seed})`;
      sel.appendChild(o);
    });
    sel.onchange = () => {
      const ex = examples[Number(sel.value)];
      if (ex) useExample(ex);
    };
  } catch (e) { /* the menu stays empty */ }
}

function init() {
  // Every control works from the start: a click made while the rules are still on their way
  // runs, and its answer waits for them (`state.ready`), rather than being lost (a button
  // without its handler yet did nothing, and the page's own URL state, applied late, could
  // undo a switch already set by hand).
  state.ready = loadRules();
  loadExamples();
  for (const b of document.querySelectorAll('.buttons button')) b.onclick = () => run(b.dataset.op);
  $('expr').addEventListener('input', liveParse);
  $('right').addEventListener('input', liveParse);
  for (const f of ['expr', 'right']) {
    $(f).addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        run(state.op).then(focusResult);
      }
    });
  }
  $('prev').onclick = () => step(-1);
  $('next').onclick = () => step(1);
  $('first').onclick = () => step(-1e9);
  $('last').onclick = () => step(1e9);
  // Nested braces or slashes: the step shown is written again (steps.js asks /api/step).
  // The headline and the why-final list follow it too (the answer holds both spellings).
  $('braces').onchange = () => {
    if (state.proof && !$('derivation').hidden && !state.proof.play) writeHeadline(state.op);
    if (state.chains[state.chain]) render();
    showFinal(); // plays.js
  };
  $('chain').onchange = () => openChain(Number($('chain').value), remembered(Number($('chain').value)));
  $('latex').onclick = () => exportAs('latex');
  $('markdown').onclick = () => exportAs('markdown');
  $('copy').onclick = () => copy($('export').value);
  $('link').onclick = copyLink;
  // The arrow keys, the state in the URL, the rules badge: state.js.
  initState();
  // A link's computation, once its rule groups can be ticked; a bare address leaves the form
  // as the reader may already have begun to fill it.
  state.ready.then(() => {
    if (location.search) loadFromUrl();
  });
}

// After every script of the page has run (state.js, refs.js and analyze.js add to app.js).
document.addEventListener('DOMContentLoaded', init);
