// Finding an element the way a person does (role and accessible name, or text), inside the page,
// for drivers that have no such locator (classic WebDriver has only CSS and XPath). The query is
// plain data; `FIND_SOURCE` is the in-page function both drivers evaluate: it marks the first
// visible match with a fresh `data-engine-target` attribute, so that the driver can then act on it
// with its own native input (a real click, real keys) through a CSS selector.
//
// The accessible name is the common part of the ARIA rule the app's screens rely on: aria-label,
// aria-labelledby, a <label> (for= or around), then the text; enough for the app's own markup.

export type TextMatch = string | RegExp;

export type Query = {
  css?: string;
  /** An ARIA role, explicit or implied by the tag (button, link, heading, textbox, ...). */
  role?: string;
  /** The accessible name: a string is matched whole (spaces collapsed), a RegExp anywhere. */
  name?: TextMatch;
  /** The element's text contains this (or matches this RegExp). */
  text?: TextMatch;
  /** Searched inside the first visible match of this query. */
  within?: Query;
  /** Matches hidden elements too (default: visible ones only). */
  hidden?: boolean;
};

type WireText = { s: string } | { re: string; flags: string };
export type WireQuery = { css?: string; role?: string; name?: WireText; text?: WireText; within?: WireQuery; hidden?: boolean };

function wireText(match: TextMatch | undefined): WireText | undefined {
  if (match === undefined) return undefined;
  return typeof match === 'string' ? { s: match } : { re: match.source, flags: match.flags };
}

/** The query as JSON-safe data (a RegExp does not cross into the page). */
export function toWire(query: Query): WireQuery {
  return { css: query.css, role: query.role, name: wireText(query.name), text: wireText(query.text), within: query.within && toWire(query.within), hidden: query.hidden };
}

export function describeQuery(query: Query): string {
  const parts = [
    query.css && `css=${query.css}`,
    query.role && `role=${query.role}`,
    query.name !== undefined && `name=${String(query.name)}`,
    query.text !== undefined && `text=${String(query.text)}`,
  ].filter(Boolean);
  return `${parts.join(' ')}${query.within ? ` within (${describeQuery(query.within)})` : ''}`;
}

/**
 * In-page: `(query) => string | null`, the value of the `data-engine-target` attribute put on the
 * first match, or null. Plain JavaScript in a string, so no compiler helper can leak into the page.
 */
export const FIND_SOURCE = String.raw`(query) => {
  const IMPLIED = {
    button: 'button, input[type=button], input[type=submit], input[type=reset], summary',
    link: 'a[href]',
    heading: 'h1, h2, h3, h4, h5, h6',
    textbox: 'textarea, input:not([type]), input[type=text], input[type=email], input[type=password], input[type=search], input[type=url], input[type=tel]',
    checkbox: 'input[type=checkbox]',
    radio: 'input[type=radio]',
    combobox: 'select',
    dialog: 'dialog',
    article: 'article',
    list: 'ul, ol',
    listitem: 'li',
    navigation: 'nav',
    main: 'main',
    status: 'output',
  };
  const squash = (s) => (s || '').replace(/\s+/g, ' ').trim();
  const matches = (wire, value) => {
    if (!wire) return true;
    const text = squash(value);
    return 's' in wire ? text === squash(wire.s) : new RegExp(wire.re, wire.flags).test(text);
  };
  const contains = (wire, value) => {
    if (!wire) return true;
    const text = squash(value);
    return 's' in wire ? text.includes(squash(wire.s)) : new RegExp(wire.re, wire.flags).test(text);
  };
  const visible = (el) => {
    if (typeof el.checkVisibility === 'function') return el.checkVisibility({ visibilityProperty: true, opacityProperty: false });
    return el.getClientRects().length > 0;
  };
  const nameOf = (el) => {
    const label = el.getAttribute('aria-label');
    if (label) return label;
    const by = el.getAttribute('aria-labelledby');
    if (by) return by.split(/\s+/).map((id) => document.getElementById(id)?.textContent || '').join(' ');
    if (el.labels && el.labels.length > 0) return [...el.labels].map((l) => l.textContent).join(' ');
    const tag = el.tagName.toLowerCase();
    if (tag === 'input' || tag === 'textarea' || tag === 'select') return el.getAttribute('placeholder') || el.getAttribute('title') || '';
    return el.textContent || el.getAttribute('title') || '';
  };
  const candidates = (root, q) => {
    let found;
    if (q.role) {
      const implied = IMPLIED[q.role];
      const selector = '[role="' + q.role + '"]' + (implied ? ', ' + implied : '');
      found = [...root.querySelectorAll(selector)].filter((el) => {
        const explicit = el.getAttribute('role');
        return explicit === null || explicit === q.role;
      });
      if (q.css) found = found.filter((el) => el.matches(q.css));
    } else {
      found = [...root.querySelectorAll(q.css || '*')];
    }
    return found.filter((el) => (q.hidden || visible(el)) && matches(q.name, q.name ? nameOf(el) : '') && contains(q.text, q.text ? el.textContent : ''));
  };
  const first = (q) => {
    let root = document;
    if (q.within) {
      root = first(q.within);
      if (!root) return null;
    }
    return candidates(root, q)[0] || null;
  };
  const el = first(query);
  if (!el) return null;
  const id = String(Math.random()).slice(2);
  el.setAttribute('data-engine-target', id);
  return id;
}`;

/** The CSS selector of an element `FIND_SOURCE` marked. */
export function markedSelector(id: string): string {
  return `[data-engine-target="${id}"]`;
}
