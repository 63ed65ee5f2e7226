// /catalog: a search form, tag chips and results, rendered on the server so it reads without
// JavaScript; the browser script only re-fetches this page's #results as the visitor types.
import type { CatalogPage } from '../page';
import { esc, page } from './html';

export interface SearchPageQuery {
  q: string;
  tags: string[];
  cursor?: string;
}

const href = (q: string, tags: string[], cursor?: string) => {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (tags.length) params.set('tag', tags.join(','));
  if (cursor) params.set('cursor', cursor);
  const text = params.toString();
  return `/catalog${text ? `?${text}` : ''}`;
};

function chips(result: CatalogPage, query: SearchPageQuery): string {
  const chosen = query.tags.map(
    (t) =>
      `<li><a class="chip on" aria-current="true" href="${esc(
        href(
          query.q,
          query.tags.filter((x) => x !== t),
        ),
      )}">${esc(t)} <span aria-hidden="true">×</span><span class="sr"> (remove filter)</span></a></li>`,
  );
  const offered = result.tags
    .filter((t) => !query.tags.includes(t.tag))
    .map(
      (t) =>
        `<li><a class="chip" href="${esc(href(query.q, [...query.tags, t.tag]))}">${esc(t.tag)} <span class="count">${t.count}</span></a></li>`,
    );
  if (chosen.length + offered.length === 0) return '';
  return `<nav aria-label="Filter by tag"><ul class="chips">${[...chosen, ...offered].join('')}</ul></nav>`;
}

function results(result: CatalogPage, query: SearchPageQuery): string {
  const count = `<p class="count" id="result-count">${result.total === 1 ? '1 function' : `${result.total} functions`}${query.q ? ` match “${esc(query.q)}”` : ''}${query.tags.length ? ` tagged ${query.tags.map(esc).join(', ')}` : ''}</p>`;
  const items = result.functions.map(
    (f) => `<li class="result">
<h2><a href="/catalog/${encodeURIComponent(f.shortname)}">${esc(f.name)}</a></h2>
<p class="meta"><code>${esc(f.method)} ${esc(f.path)}</code> · ${esc(f.runtime)}</p>
<p>${esc(f.description)}</p>
${f.tags.length ? `<p class="tags">${f.tags.map((t) => `<a class="chip small" href="${esc(href('', [t]))}">${esc(t)}</a>`).join(' ')}</p>` : ''}
</li>`,
  );
  const more = result.next_cursor
    ? `<p><a rel="next" href="${esc(href(query.q, query.tags, result.next_cursor))}">More results</a></p>`
    : '';
  return `${count}${chips(result, query)}<ol class="results">${items.join('\n')}</ol>${more}`;
}

export function searchPage(result: CatalogPage, query: SearchPageQuery): string {
  return page(
    'Functions',
    `<h1>Functions</h1>
<form class="search" method="get" action="/catalog" role="search">
<label for="q">Search by name, description or tag</label>
<div class="row">
<input id="q" name="q" type="search" maxlength="200" autocomplete="off" value="${esc(query.q)}" aria-controls="results">
${query.tags.length ? `<input type="hidden" name="tag" value="${esc(query.tags.join(','))}">` : ''}
<button type="submit">Search</button>
</div>
</form>
<section id="results" aria-live="polite">
${results(result, query)}
</section>`,
  );
}
