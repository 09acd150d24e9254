// Every play on the page (it adds to app.js and state.js): the play switch (normal, misère;
// loopy play is chosen by the notation, as in the CLI), misère and loopy derivations drawn as
// normal-play ones are (their #n forms written out where they fit), a loopy or misère result
// with the name CGSuite gives it, the analysis of misère and loopy games, why a result is final
// (the proof's "final" claim, which `onag check` verifies), and the list of computations made
// since the page was opened.
'use strict';

// ---------- the switch ----------

function setPlay(play) {
  const c = document.getElementById(play === 'misere' ? 'play-misere' : 'play-normal');
  if (c) c.checked = true;
}

// ---------- #n written out ----------

/** The longest text a #n is written out to in a misère or loopy step. */
const EXPANDED = 400;

/** `text` with each #n written out from `terms` where it fits (at most EXPANDED characters); a
 * position of a loopy graph that leads back to itself stays #n. */
function expandRefs(text, terms) {
  if (typeof text !== 'string' || !terms.length) return text;
  const done = new Map();
  const open = (n, stack) => {
    if (done.has(n)) return done.get(n);
    if (stack.has(n) || n >= terms.length) return null;
    stack.add(n);
    const inner = sub(terms[n], stack);
    stack.delete(n);
    const out = inner.length <= EXPANDED ? (/\s/.test(inner) ? `(${inner})` : inner) : null;
    if (!/#\d/.test(inner)) done.set(n, out);
    return out;
  };
  const sub = (t, stack) => t.replace(/#(\d+)/g, (m, d) => {
    const e = open(Number(d), stack);
    return e === null ? m : e;
  });
  return sub(text, new Set());
}

/** A misère or loopy proof with its terms written out where they fit. */
function expandPlayed(proof) {
  const terms = proof.terms || [];
  if (!terms.length) return proof;
  const x = (t) => expandRefs(t, terms);
  const wit = (w) => ({
    ...w,
    games: Object.fromEntries(Object.entries(w.games || {}).map(([k, v]) => [k, x(v)])),
    sets: Object.fromEntries(Object.entries(w.sets || {}).map(([k, v]) => [k, v.map(x)])),
  });
  const steps = proof.steps.map((s) => ({
    ...s, from: s.from === undefined ? s.from : x(s.from), to: x(s.to), why: x(s.why || ''), witnesses: wit(s.witnesses),
  }));
  // Written out, the terms no longer name the table: refs.js has nothing to link.
  const left = [proof.input, proof.result, ...steps.map((s) => s.to)].some((t) => /#\d/.test(x(t)));
  return { ...proof, input: x(proof.input), result: x(proof.result), steps, terms: left ? terms : [] };
}

// ---------- headlines and names ----------

function playedHeadline(proof) {
  if (proof.play === 'misere') return `misère simplest form: ${proof.result}`;
  return `loopy: simplest form ${proof.result}`;
}

/** After a misère or loopy derivation: the name CGSuite gives its value, from the analysis. */
async function nameThePlayedResult(proof, req) {
  const body = { expr: req.body.expr !== undefined ? req.body.expr : req.body.left };
  if (proof.play === 'misere') body.misere = true;
  const r = await api('analyze', body);
  if (!r.ok || state.lastRequest !== req) return;
  const field = proof.play === 'misere' ? 'misere_form' : 'value';
  const row = (r.data.rows || []).find((x) => x.field === field);
  if (!row || !row.value) return;
  const head = $('headline');
  const named = row.value;
  if (state.op === 'prove') return;
  head.textContent = proof.play === 'misere'
    ? `misère simplest form: ${named}` + (named !== proof.result && !/#\d/.test(proof.result) ? ` (the form ${proof.result})` : '')
    : (named !== proof.result ? `loopy value: ${named} (its form ${proof.result})` : `loopy value: ${named}`);
  head.dataset.value = named;
  // The why-final box names it too, where a student looks at the end of the steps.
  state.named = { req, name: named };
  showFinal();
}

/** The line naming the result as CGSuite does, when it has a name other than its form. */
function namedLine(proof, result) {
  const n = state.named;
  if (!n || n.req !== state.lastRequest || !proof.play || n.name === result) return null;
  return proof.play === 'loopy'
    ? `${result} is the value CGSuite calls ${n.name}: so ${proof.input} = ${n.name}.`
    : `In CGSuite's notation this simplest form is ${n.name}: so ${proof.input} = ${n.name} in misère play.`;
}

hooks.shown.push((op, r) => {
  const d = r.data;
  if ((op === 'simplify' || op === 'prove') && d && d.play && d.steps) nameThePlayedResult(d, state.lastRequest);
  remember(op);
});

// ---------- a false misère or loopy claim ----------

function showPlayedRelation(d) {
  const box = $('relation');
  box.hidden = false;
  box.innerHTML = '';
  const lines = [];
  if (d.play === 'misere') {
    $('headline').textContent = `not equal in misère play: ${d.a} ≠ ${d.b}`;
    lines.push(`The misère simplest form of A is ${d.a_simplest}; of B, ${d.b_simplest}: two simplest forms are equal only if identical (ONAG, ch. 12).`);
    if (d.distinguisher) {
      const x = d.distinguisher;
      lines.push(`Added to X = ${x.x}, they differ: A + X is a misère ${x.a_plus_x}-position, B + X a ${x.b_plus_x}-position.`);
    }
  } else {
    $('headline').textContent = `not equal in loopy play: ${d.a} ${d.relation} ${d.b}`;
    lines.push(`Their values are ${d.a_value} and ${d.b_value}.`);
  }
  appendList(box, lines); // app.js
}

// ---------- Analyze in misère and loopy play ----------

function showPlayedAnalysis(d) {
  const box = $('analysis');
  box.hidden = false;
  box.innerHTML = '';
  $('headline').textContent = `analysis of ${d.input} in ${d.play === 'misere' ? 'misère' : 'loopy'} play`;
  const table = document.createElement('table');
  table.className = 'summary';
  const NAMES = {
    value: 'value', outcome: 'outcome', onside: 'onside', offside: 'offside', stopper: 'stopper',
    left_stop: 'Left stop', right_stop: 'Right stop', degree: 'degree', misere_form: 'misère simplest form',
    misere_outcome: 'misère outcome', normal_outcome: 'normal-play outcome', genus: 'genus',
    nim_value: 'misère Grundy value', birthday: 'birthday',
  };
  for (const x of d.rows) {
    // Why there is none, without the function's name the row already says.
    const why = (x.error || '').replace(/^error: /, '').replace(new RegExp(`^${x.function || x.field}: `), '');
    const value = x.value !== null && x.value !== undefined ? x.value : `none: ${why}`;
    row(table, x.field, NAMES[x.field] || x.field, value, x.means + (x.function ? ` (${x.function}(G))` : ''));
  }
  const scroll = document.createElement('div');
  scroll.className = 'scroll-x';
  scroll.appendChild(table);
  box.appendChild(scroll);
}

// ---------- why it is final ----------

const SYMBOL = (s) => s.replace(/<=/g, '≤').replace(/>=/g, '≥');

/** The lines saying why the chain's last form is final, from the proof's claim. */
function finalLines(proof) {
  const c = shownTerms(proof).final; // app.js: nested braces when the box says so
  if (!c) return null;
  const out = [];
  if (c.closed && c.closed.length) {
    out.push(`${c.closed.join(', ')} ${c.closed.length === 1 ? 'is' : 'are'} in canonical form by ${c.closed.length === 1 ? 'its' : 'their'} notation.`);
  }
  for (const f of c.facts || []) {
    const where = f.at && f.at.length ? ` (in ${f.game} at ${f.at.join('/')})` : '';
    // A sided value's one fact more: its onside is at least its offside (final_claim.rs).
    if (f.not === 'sides-out-of-order') {
      out.push(`The sides are in order: onside = ${f.value} ≥ offside = ${f.by} by the order of stoppers (a value A & B needs A ≥ B).`);
      continue;
    }
    const what = f.not === 'dominated' ? `not dominated by ${f.by}`
      : f.not === 'reversible' ? `not reversible through ${f.by}`
        : f.not === 'reversible-zero' ? 'not 0 by Conway\'s proviso' : `not ${f.not}`;
    out.push(`${f.option} = ${f.value}${where}: ${what}: ${SYMBOL(f.fails)} fails.`);
  }
  if (!out.length) out.push('It has no option left to simplify.');
  return out;
}

function showFinal() {
  const box = $('final');
  const c = state.chains[state.chain];
  const proof = state.proof;
  if (!box || !c || !proof || state.chain !== 0 || state.pos !== c.steps.length) {
    if (box) box.hidden = true;
    return;
  }
  const list = $('final-list');
  list.textContent = '';
  const result = shownTerms(proof).result;
  const lines = finalLines(proof);
  // A loopy or misère result's name, CGSuite's (`dud`), first: what the steps came to.
  const named = namedLine(proof, result);
  if (named) {
    const li = document.createElement('li');
    li.className = 'named';
    li.textContent = named;
    list.appendChild(li);
  }
  box.hidden = false;
  if (lines) {
    $('final-head').textContent = `Why ${result} is final: it is in ${proof.final.claim}`
      + (c.steps.length ? '' : ' already (no rule applies, so there are no steps)');
    for (const l of lines) {
      const li = document.createElement('li');
      li.textContent = l;
      list.appendChild(li);
    }
    const li = document.createElement('li');
    li.className = 'note';
    li.textContent = 'This claim is part of the proof file; onag check verifies each line by the definitions.';
    list.appendChild(li);
  } else {
    // No claim: the producer writes none it could not have judged (src/proof/final_form.rs).
    $('final-head').textContent = proof.play === 'loopy'
      ? `Why ${result} is final: no rule of loopy play applies to it (the checker confirmed each step; a claim of a final form is made for a stopper of at most 64 positions, not for a value by its sides)`
      : `Why ${result} is final: not claimed — the chosen rules may have stopped short (add rule groups), or the result is past what a claim lists and onag check can judge (20,000 nodes written out, 2,000 conditions, a misère form over 600 characters)`;
  }
}

hooks.step.push(showFinal);

// ---------- the computations since the page was opened ----------

const computations = [];

function remember(op) {
  const req = state.lastRequest;
  if (!req) return;
  const url = urlFor(req, false);
  if (computations.length && computations[computations.length - 1].url === url) return;
  const b = req.body;
  const what = b.expr !== undefined ? b.expr : `${b.left} and ${b.right}`;
  const play = b.misere ? ', misère' : '';
  computations.push({ url, text: `${op}${play}: ${what}` });
  const list = $('history-list');
  list.textContent = '';
  computations.forEach((h) => {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = h.url;
    a.textContent = h.text;
    a.onclick = (e) => {
      e.preventDefault();
      window.history.pushState(null, '', h.url);
      leaveExample();
      loadFromUrl();
    };
    li.appendChild(a);
    list.appendChild(li);
  });
  $('history').hidden = false;
  $('history-summary').textContent = `Computations since the page was opened (${computations.length})`;
}

// ---------- the rules of misère play, for its steps' words ----------

(async () => {
  try {
    const rules = await (await fetch('/api/rules/misere')).json();
    for (const r of rules) if (!state.rules.has(r.name)) state.rules.set(r.name, r);
  } catch (e) { /* the steps show without the rule's statement */ }
})();

// ---------- the board beside the position ----------

/** A position written as one ruleset call with its board as text, which the CLI draws. */
const DRAWN = /^\s*(domineering|clobber|toads|hackenbush)\s*\(\s*"[^"]*"\s*\)\s*$/;

async function drawBoard(req) {
  const fig = $('board');
  const src = req.body.expr !== undefined ? req.body.expr : req.body.left;
  const m = DRAWN.exec(src || '');
  if (!m) {
    fig.hidden = true;
    return;
  }
  let svg = null;
  try {
    const r = await api('picture', { expr: src.trim() });
    if (r.ok && typeof r.data === 'string') svg = r.data;
  } catch (e) { svg = null; }
  if (state.lastRequest !== req) return;
  fig.hidden = !svg;
  if (!svg) return;
  $('board-picture').innerHTML = svg;
  $('board-caption').textContent = `The position ${src.trim()}, as onag eval --ruleset ${m[1]} --format svg draws it.`;
}

hooks.shown.push(() => drawBoard(state.lastRequest));
