// Large results, readable (it adds to app.js). A proof that shares its terms names each large
// part once, as `#n`: every `#n` shown in the result becomes a button that opens the term in
// place (nested: its own `#n` open the same way; hovering shows it too). The lemma menu and the
// shared-term list show a page at a time, with a search box.
'use strict';

const PAGE = 50;
/** Lemmas fewer than this are all in the menu, with no search box. */
const FINDER_FROM = 12;
const refs = { lemmaFilter: '', lemmaPage: 0, termFilter: '', termPage: 0 };

function proofTerms() {
  return (state.proof && state.proof.terms) || [];
}

function shorten(text, n) {
  return text.length > n ? text.slice(0, n - 1) + '…' : text;
}

// ---------- #n, expandable in place ----------

function refButton(n, term) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'ref';
  b.textContent = '#' + n;
  b.dataset.n = String(n);
  b.setAttribute('aria-expanded', 'false');
  b.title = `#${n} = ${shorten(term, 300)}\n(click to show it here)`;
  return b;
}

/** Turns each `#n` in the text under `root` into a button showing term n. */
function linkRefs(root) {
  const terms = proofTerms();
  if (!terms.length || !root) return;
  const skip = 'button.ref, .term-name, select, option, textarea, svg, script, style';
  if (root.nodeType === 1 && root.closest(skip)) return;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (t) => (/#\d/.test(t.data) && !t.parentElement.closest(skip)
      ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT),
  });
  const found = [];
  while (walker.nextNode()) found.push(walker.currentNode);
  for (const t of found) {
    const parts = t.data.split(/(#\d+)/);
    const frag = document.createDocumentFragment();
    for (const part of parts) {
      const m = /^#(\d+)$/.exec(part);
      if (m && Number(m[1]) < terms.length) frag.appendChild(refButton(Number(m[1]), terms[Number(m[1])]));
      else if (part) frag.appendChild(document.createTextNode(part));
    }
    t.replaceWith(frag);
  }
}

function toggleRef(b) {
  const open = b.nextSibling && b.nextSibling.classList && b.nextSibling.classList.contains('ref-body')
    ? b.nextSibling : null;
  if (open) {
    open.remove();
    b.setAttribute('aria-expanded', 'false');
    return;
  }
  const body = document.createElement('span');
  body.className = 'ref-body';
  body.textContent = proofTerms()[Number(b.dataset.n)] || '';
  linkRefs(body);
  b.after(body);
  b.setAttribute('aria-expanded', 'true');
}

// ---------- the lemma menu, a page at a time ----------

/** The lemmas (chain numbers) the search box admits: a number finds that lemma first. */
function lemmaMatches() {
  const all = state.chains.map((c, i) => i).slice(1);
  const f = refs.lemmaFilter.trim().toLowerCase();
  if (!f) return all;
  const num = /^(?:lemma\s*)?(\d+)$/.exec(f);
  const exact = num && state.chains[Number(num[1]) + 1] ? [Number(num[1]) + 1] : [];
  return exact.concat(all.filter((i) => !exact.includes(i) && state.chains[i].title.toLowerCase().includes(f)));
}

function fillChainMenu() {
  const sel = $('chain');
  const lemmas = state.chains.length - 1;
  const matches = lemmaMatches();
  const pages = Math.max(1, Math.ceil(matches.length / PAGE));
  refs.lemmaPage = Math.max(0, Math.min(refs.lemmaPage, pages - 1));
  const from = refs.lemmaPage * PAGE;
  const shown = matches.slice(from, from + PAGE);
  const ids = [0, ...shown];
  if (!ids.includes(state.chain)) ids.splice(1, 0, state.chain);
  sel.innerHTML = '';
  for (const i of ids) {
    const o = document.createElement('option');
    o.value = String(i);
    o.textContent = shorten(state.chains[i].title, 120);
    sel.appendChild(o);
  }
  sel.value = String(state.chain);
  // A derivation without lemmas needs no menu.
  document.querySelector('.chain-row').hidden = lemmas === 0;
  $('lemma-finder').hidden = lemmas < FINDER_FROM;
  const filtered = refs.lemmaFilter.trim() !== '';
  $('lemma-page').textContent = matches.length === 0 ? 'no lemma matches'
    : `lemmas ${from + 1}–${from + shown.length} of ${matches.length}${filtered ? ' found' : ''} (in the menu)`
      + (filtered ? `; Enter opens lemma ${matches[0] - 1}` : '');
  refs.firstMatch = filtered && matches.length ? matches[0] : null;
  $('lemma-prev').disabled = refs.lemmaPage === 0;
  $('lemma-next').disabled = refs.lemmaPage >= pages - 1;
}

// ---------- the shared terms, a page at a time ----------

function showTerms(terms) {
  $('terms').hidden = terms.length === 0;
  $('terms').open = false;
  $('terms-summary').textContent = `Shared terms: #0 … #${terms.length - 1} (${terms.length}; open to search them, or click any #n to show it in place)`;
  refs.termFilter = '';
  refs.termPage = 0;
  $('term-filter').value = '';
  $('term-list').innerHTML = '';
}

function termMatches() {
  const terms = proofTerms();
  const f = refs.termFilter.trim();
  const all = terms.map((t, i) => i);
  if (!f) return all;
  const num = /^#?(\d+)$/.exec(f);
  if (num) return Number(num[1]) < terms.length ? [Number(num[1])] : [];
  return all.filter((i) => terms[i].includes(f));
}

function fillTerms() {
  const terms = proofTerms();
  const matches = termMatches();
  const pages = Math.max(1, Math.ceil(matches.length / PAGE));
  refs.termPage = Math.max(0, Math.min(refs.termPage, pages - 1));
  const from = refs.termPage * PAGE;
  const shown = matches.slice(from, from + PAGE);
  const list = $('term-list');
  list.innerHTML = '';
  for (const i of shown) {
    const li = document.createElement('li');
    const name = document.createElement('span');
    name.className = 'term-name';
    name.textContent = `#${i}`;
    li.appendChild(name);
    li.appendChild(document.createTextNode(' = ' + terms[i]));
    list.appendChild(li);
  }
  $('term-page').textContent = matches.length === 0 ? 'no term matches'
    : `${from + 1}–${from + shown.length} of ${matches.length}`;
  $('term-prev').disabled = refs.termPage === 0;
  $('term-next').disabled = refs.termPage >= pages - 1;
}

// ---------- wiring ----------

hooks.shown.push(() => {
  // The #n of an earlier proof mean nothing in this result (showProof sets the new one).
  state.proof = null;
  refs.lemmaFilter = '';
  refs.lemmaPage = 0;
  $('lemma-filter').value = '';
});

document.addEventListener('DOMContentLoaded', () => {
  // Whatever the result shows, now or later (steps, trees' captions, lists), gets its #n linked.
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'characterData') linkRefs(r.target.parentNode);
      for (const n of r.addedNodes) {
        if (n.nodeType === 3 && /#\d/.test(n.data)) linkRefs(n.parentNode);
        else if (n.nodeType === 1) linkRefs(n);
      }
    }
  }).observe($('result'), { childList: true, subtree: true, characterData: true });
  document.addEventListener('click', (e) => {
    const b = e.target.closest ? e.target.closest('button.ref') : null;
    if (!b) return;
    e.preventDefault();
    toggleRef(b);
  });
  $('lemma-filter').addEventListener('input', () => {
    refs.lemmaFilter = $('lemma-filter').value;
    refs.lemmaPage = 0;
    fillChainMenu();
  });
  $('lemma-filter').addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && refs.firstMatch !== null) {
      e.preventDefault();
      openChain(refs.firstMatch, remembered(refs.firstMatch));
    }
  });
  $('lemma-prev').onclick = () => { refs.lemmaPage -= 1; fillChainMenu(); };
  $('lemma-next').onclick = () => { refs.lemmaPage += 1; fillChainMenu(); };
  $('terms').addEventListener('toggle', () => { if ($('terms').open) fillTerms(); });
  $('term-filter').addEventListener('input', () => {
    refs.termFilter = $('term-filter').value;
    refs.termPage = 0;
    fillTerms();
  });
  $('term-prev').onclick = () => { refs.termPage -= 1; fillTerms(); };
  $('term-next').onclick = () => { refs.termPage += 1; fillTerms(); };
});
