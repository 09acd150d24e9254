// The page's state, visible and in the URL (it adds to app.js: `state`, `$`, `run`, `step`,
// `openChain`, `hooks`). The rule groups a result used are a badge beside it; a worked example
// says so under the menu and a new game typed clears it with its rules; the lemma and step shown
// are in the URL (`&lemma=K&step=N`), so a shared link opens there, and going back from a lemma
// returns to the step left; the arrow keys step wherever the focus is but in a text box.
'use strict';

const view = {
  example: null,         // the worked example whose game and rules are in the boxes
  exampleRules: false,   // its rules are still the ones ticked (not changed by hand since)
  pendingAt: null,       // [chain, step] a link asked for, taken when its proof arrives
  posByChain: new Map(), // the step last shown in each chain: a lemma visited keeps the way back
  urlChain: 0,           // the chain the URL names: entering or leaving a lemma is a history entry
  resultFor: null,       // the request whose result is shown
  linkTimer: null,
};

// ---------- rule groups ----------

/** The groups ticked, as the API's `rules` ('' for none ticked: every rule). */
function groupsSpec() {
  return [...document.querySelectorAll('#groups input:checked')].map((c) => c.value).join(',');
}

function rulesText(spec) {
  return spec ? 'rules: ' + spec.split(',').join(', ') : 'rules: all groups';
}

function setGroups(spec) {
  const want = new Set((spec || '').split(',').map((s) => s.trim()).filter(Boolean));
  for (const c of document.querySelectorAll('#groups input')) c.checked = want.has(c.value);
  updateRulesSummary();
}

/** The collapsed options panel says which groups are ticked, so a choice is never hidden. */
function updateRulesSummary() {
  const spec = groupsSpec();
  $('rules-summary').textContent = rulesText(spec);
  $('rules-summary').classList.toggle('narrowed', !!spec);
}

// ---------- worked examples ----------

function useExample(ex) {
  view.example = ex;
  view.exampleRules = true;
  $('expr').value = ex.q;
  $('right').value = ex.r || '';
  setGroups(ex.rules);
  setPlay(ex.play || 'normal'); // plays.js
  const note = $('example-note');
  note.hidden = false;
  note.textContent = `Worked example (${ex.seed}), ${rulesText(ex.rules || '')}. ` +
    'Typing a new game clears the example' + (ex.rules ? ' and its rules.' : '.');
  run(ex.op);
}

/** A game typed by hand is no longer the example: its title and the rules it ticked go. */
function leaveExample() {
  if (!view.example) return;
  if (view.exampleRules) setGroups('');
  view.example = null;
  view.exampleRules = false;
  $('examples').value = '';
  $('example-note').hidden = true;
}

// ---------- running ----------

/** Whether `op` has its input; if not, the box to fill is shown and focused (not an error). */
function readyToRun(op) {
  view.askedForSecond = false;
  if (!$('expr').value.trim()) {
    $('expr').focus();
    return false;
  }
  if ((op === 'prove' || op === 'compare') && !$('right').value.trim()) {
    // The second box may just have appeared: ask for B rather than report it empty.
    $('right-error').hidden = true;
    $('error').hidden = true;
    $('right-note').hidden = false;
    $('right-note').textContent = `Type the second game B, then press “${op === 'prove' ? 'Prove A = B' : 'Compare'}” again (or Ctrl+Enter).`;
    view.askedForSecond = true;
    $('right').focus();
    return false;
  }
  $('right-note').hidden = true;
  return true;
}

/** The input box a parse error is about ('parse-error' or 'right-error'), from the API's error
 * object: a parse error has a `line`, and in Prove or Compare a `side`. */
function errorBoxFor(data) {
  if (!data || typeof data !== 'object' || !data.line) return null;
  return data.side === 'second' ? 'right-error' : 'parse-error';
}

/** After Ctrl+Enter the focus leaves the text box for the result, so the arrow keys step. */
function focusResult() {
  if (view.askedForSecond || $('result').hidden) return;
  const target = $('derivation').hidden ? null : $('derivation');
  if (target) target.focus({ preventScroll: true });
}

// ---------- the URL ----------

/** The URL of the result shown: its request, and the lemma and step when there is a proof. */
function urlFor(req, withStep) {
  const p = new URLSearchParams();
  p.set('op', req.op);
  const b = req.body;
  p.set('q', b.expr !== undefined ? b.expr : b.left);
  if (b.right !== undefined) p.set('r', b.right);
  if (b.rules) p.set('rules', b.rules);
  if (b.explain) p.set('explain', String(b.explain));
  if (b.misere) p.set('play', 'misere');
  if (withStep) {
    if (state.chain > 0) p.set('lemma', String(state.chain - 1));
    if (state.pos > 0) p.set('step', String(state.pos));
  }
  return '?' + p.toString();
}

function saveUrl(push) {
  const req = state.lastRequest;
  if (!req) return;
  const proofShown = view.resultFor === req && !$('derivation').hidden && state.chains.length > 0;
  const url = urlFor(req, proofShown);
  if (url === location.search) return;
  // A new computation is a history entry of its own (Back returns to the one before), unless
  // it was opened from the URL itself (a link, Back or Forward).
  if (push === undefined && view.newRun) {
    view.newRun = false;
    const base = new URLSearchParams(location.search);
    base.delete('lemma');
    base.delete('step');
    if (location.search && urlFor(req, false) !== '?' + base.toString()) push = true;
  }
  if (push) history.pushState(null, '', url);
  else history.replaceState(null, '', url);
}

/** [chain, step] to open a new proof at: where a link asked, else the start. */
function startAt() {
  const at = view.pendingAt;
  view.pendingAt = null;
  if (!at) return [0, 0];
  const chain = state.chains[at[0]] ? at[0] : 0;
  return [chain, Math.min(at[1], state.chains[chain].steps.length)];
}

/** The step last shown in chain `i` (0 if never). */
function remembered(i) {
  return view.posByChain.get(i) || 0;
}

function readAt(p) {
  const lemma = p.has('lemma') ? Number(p.get('lemma')) + 1 : 0;
  const pos = p.has('step') ? Number(p.get('step')) : 0;
  const ok = (n) => Number.isInteger(n) && n >= 0;
  return [ok(lemma) ? lemma : 0, ok(pos) ? pos : 0];
}

function loadFromUrl() {
  const p = new URLSearchParams(location.search);
  const op = p.get('op') || 'simplify';
  if (!['simplify', 'prove', 'compare', 'analyze'].includes(op)) return;
  setOp(op);
  if (p.has('r')) $('right').value = p.get('r');
  setGroups(p.get('rules'));
  setPlay(p.get('play') === 'misere' ? 'misere' : 'normal'); // plays.js
  if (p.has('explain')) $('explain').value = p.get('explain');
  if (p.has('q')) {
    $('expr').value = p.get('q');
    view.pendingAt = readAt(p);
    view.fromUrl = true;
    run(op);
  }
}

/** Back and forward: a lemma and step of the proof shown move the stepper, anything else reruns. */
function onPopState() {
  const p = new URLSearchParams(location.search);
  const req = state.lastRequest;
  const shown = req && view.resultFor === req && !$('derivation').hidden;
  const base = new URLSearchParams(p);
  base.delete('lemma');
  base.delete('step');
  const same = shown && urlFor(req, false) === '?' + base.toString();
  if (!same) {
    leaveExample();
    loadFromUrl();
    return;
  }
  const [chain, pos] = readAt(p);
  const c = state.chains[chain] ? chain : 0;
  view.urlChain = c;
  openChain(c, Math.min(pos, state.chains[c].steps.length));
}

// ---------- what a result shows of the state ----------

hooks.shown.push((op) => {
  const req = state.lastRequest;
  view.resultFor = req;
  view.posByChain.clear();
  view.urlChain = view.pendingAt ? view.pendingAt[0] : 0;
  // The inputs parsed: an error shown under them is stale.
  $('parse-error').hidden = true;
  $('right-error').hidden = true;
  const badge = $('rules-badge');
  const usesRules = op === 'simplify' || op === 'prove';
  $('result-state').hidden = !usesRules;
  badge.textContent = rulesText(req.body.rules || '') + (view.example && view.exampleRules ? ' (the example’s)' : '');
  badge.classList.toggle('narrowed', !!req.body.rules);
});

hooks.step.push(() => {
  view.posByChain.set(state.chain, state.pos);
  const push = state.chain !== view.urlChain;
  view.urlChain = state.chain;
  saveUrl(push);
  const back = $('back-to-main');
  back.hidden = state.chain === 0;
  back.textContent = `◀ back to the derivation, step ${remembered(0)}`;
});

// ---------- copy link, keyboard ----------

async function copyLink() {
  const ok = await copy(location.href);
  const s = $('link-status');
  s.textContent = ok ? 'Link copied: it opens this result at this step.' : 'Copy the link from the box below.';
  $('link').textContent = ok ? 'Copied ✓' : 'Copy link';
  clearTimeout(view.linkTimer);
  view.linkTimer = setTimeout(() => {
    $('link').textContent = 'Copy link';
    s.textContent = '';
  }, 3000);
}

/** A box where the arrow keys move a caret or change a number. */
function typingIn(el) {
  if (!el) return false;
  if (el.tagName === 'TEXTAREA' || el.isContentEditable) return true;
  if (el.tagName !== 'INPUT') return false;
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color'].includes(el.type);
}

const STEP_KEYS = { ArrowRight: 1, ArrowLeft: -1, Home: -1e9, End: 1e9 };

function onKey(e) {
  if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || !(e.key in STEP_KEYS)) return;
  if (typingIn(e.target) || $('result').hidden || $('derivation').hidden) return;
  // Also with the lemma menu focused: the arrows step (up and down still choose a lemma).
  e.preventDefault();
  step(STEP_KEYS[e.key]);
}

function initState() {
  document.addEventListener('keydown', onKey, true);
  // Ctrl+Enter runs again from anywhere (the text boxes handle it themselves).
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.defaultPrevented) {
      e.preventDefault();
      run(state.op).then(focusResult);
    }
  });
  window.addEventListener('popstate', onPopState);
  for (const f of ['expr', 'right']) {
    $(f).addEventListener('input', () => {
      leaveExample();
      if (f === 'right') $('right-note').hidden = true;
    });
  }
  $('groups').addEventListener('change', () => {
    view.exampleRules = false;
    updateRulesSummary();
  });
  $('rules-badge').onclick = () => {
    $('options').open = true;
    $('options').scrollIntoView({ block: 'nearest' });
    const first = document.querySelector('#groups input');
    if (first) first.focus();
  };
  $('back-to-main').onclick = () => openChain(0, remembered(0));
  updateRulesSummary();
}
