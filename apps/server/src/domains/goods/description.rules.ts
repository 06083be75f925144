import { parseFragment, type DefaultTreeAdapterTypes as T } from "parse5";

/**
 * The goods description's HTML, sanitised on the server by an allow-list (docs/domains/goods.md): the text is parsed
 * by a real HTML5 parser (parse5, as a browser would, so no malformed markup slips through a regex), then written out
 * again with only the tags and attributes below. Everything else goes: scripts, styles, event handlers, frames,
 * forms, SVG and MathML with their content; other unknown tags keep their text. Links only to http(s) and mailto;
 * images only from the seller's own uploaded files (`/files/<id>`).
 */

/** Tags kept, with the attributes each may carry. */
const ALLOWED: Record<string, readonly string[]> = {
  p: [],
  br: [],
  hr: [],
  div: [],
  span: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  sub: [],
  sup: [],
  small: [],
  h2: [],
  h3: [],
  h4: [],
  blockquote: [],
  ul: [],
  ol: [],
  li: [],
  figure: [],
  figcaption: [],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ["colspan", "rowspan"],
  td: ["colspan", "rowspan"],
  a: ["href", "title"],
  img: ["src", "alt", "width", "height"],
};

/** Tags dropped with everything inside them. */
const DROPPED = new Set([
  "script",
  "style",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "template",
  "noscript",
  "textarea",
  "select",
  "option",
  "button",
  "input",
  "form",
  "svg",
  "math",
  "head",
  "title",
  "meta",
  "link",
  "base",
]);

const VOID = new Set(["br", "hr", "img"]);

/** A file served by this server: `/files/<ULID>`. */
const FILE_URL = /^\/files\/([0-9A-Z]{26})$/;

const escapeText = (s: string) =>
  s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/\u00a0/g, "&nbsp;");
const escapeAttr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const isElement = (n: T.ChildNode): n is T.Element => "tagName" in n;
const isText = (n: T.ChildNode): n is T.TextNode => n.nodeName === "#text";

/** The file ids the description's images name (to check which are the seller's own before sanitising). */
export function descriptionFileIds(html: string): string[] {
  const ids = new Set<string>();
  const walk = (nodes: T.ChildNode[]) => {
    for (const n of nodes) {
      if (!isElement(n)) continue;
      if (n.tagName === "img") {
        const m = FILE_URL.exec(n.attrs.find((a) => a.name === "src")?.value.trim() ?? "");
        if (m?.[1]) ids.add(m[1]);
      }
      walk(n.childNodes);
    }
  };
  walk(parseFragment(html).childNodes);
  return [...ids];
}

function safeHref(value: string): string | null {
  const v = value.trim();
  if (/^(https?:\/\/|mailto:)/i.test(v)) return v;
  return null;
}

const digits = (v: string, max: number) => (/^\d{1,5}$/.test(v.trim()) && Number(v) <= max ? String(Number(v)) : null);

function attributes(el: T.Element, ownFile: (id: string) => boolean): string[] | null {
  const allowed = ALLOWED[el.tagName] ?? [];
  const out: string[] = [];
  for (const { name, value } of el.attrs) {
    if (!allowed.includes(name)) continue;
    let v: string | null = value;
    if (name === "href") v = safeHref(value);
    else if (name === "src") {
      const m = FILE_URL.exec(value.trim());
      v = m?.[1] && ownFile(m[1]) ? `/files/${m[1]}` : null;
      if (v === null) return null; // an image from elsewhere: the image goes
    } else if (name === "width" || name === "height") v = digits(value, 4000);
    else if (name === "colspan" || name === "rowspan") v = digits(value, 100);
    else v = value.slice(0, 200);
    if (v !== null) out.push(`${name}="${escapeAttr(v)}"`);
  }
  if (el.tagName === "img" && !out.some((a) => a.startsWith("src="))) return null;
  if (el.tagName === "a" && out.some((a) => a.startsWith("href="))) out.push('rel="noopener noreferrer nofollow"', 'target="_blank"');
  return out;
}

/** The description with only allowed markup; `ownFile` says which file ids are the seller's. */
export function sanitizeDescription(html: string, ownFile: (id: string) => boolean): string {
  const write = (nodes: T.ChildNode[]): string => {
    let out = "";
    for (const n of nodes) {
      if (isText(n)) out += escapeText(n.value);
      else if (isElement(n)) {
        const tag = n.tagName;
        if (DROPPED.has(tag) || n.namespaceURI !== "http://www.w3.org/1999/xhtml") continue;
        if (!(tag in ALLOWED)) {
          out += write(n.childNodes);
          continue;
        }
        const attrs = attributes(n, ownFile);
        if (attrs === null) continue;
        const open = `<${tag}${attrs.length ? ` ${attrs.join(" ")}` : ""}>`;
        out += VOID.has(tag) ? open : `${open}${write(n.childNodes)}</${tag}>`;
      }
      // Comments, doctypes and processing instructions are dropped.
    }
    return out;
  };
  return write(parseFragment(html).childNodes).trim();
}
