// The test's judge of a saved chart SVG: parsed by an XML parser (@xmldom/xmldom, namespace-aware, any
// parse error or warning fails), then every node held to a strict allow-list of what an ECharts chart
// is made of. No script, no foreign objects, no links (no href of any namespace, no url() but a clip
// path's #fragment), no event attributes, no <style>, no prefixed names, no doctype, processing
// instruction, comment or CDATA. Returns the text the chart shows, so a test can see its labels.
import { createRequire } from 'node:module';

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';

/** What the test reads of xmldom's DOM (its own typings would pull the DOM library into main's types). */
interface XmlNode {
  nodeType: number;
  nodeName: string;
  localName: string | null;
  namespaceURI: string | null;
  prefix: string | null;
  data?: string;
  value?: string;
  attributes?: { length: number; [i: number]: XmlNode };
  childNodes: { length: number; [i: number]: XmlNode };
}
type ErrorHandler = (level: string, message: string) => void;
const { DOMParser } = createRequire(import.meta.url)('@xmldom/xmldom') as {
  DOMParser: new (o: { errorHandler: ErrorHandler }) => { parseFromString(text: string, mime: string): XmlNode };
};

const ELEMENT = 1;
const TEXT = 3;
const DOCUMENT = 9;

const ELEMENTS = new Set(['svg', 'g', 'defs', 'clipPath', 'rect', 'path', 'text', 'tspan']);

const NUMBER = /^-?\d*\.?\d+(?:e-?\d+)?$/;
const KEYWORD = /^[a-z][a-z0-9_.-]*$/i;
const COLOUR = /^(?:none|#[0-9a-f]{3}|#[0-9a-f]{6}|rgba?\(\s*[\d.]+(?:\s*,\s*[\d.]+){2,3}\s*\))$/i;
/** font-size and font-family only; no url(), escapes, at-rules or markup. */
const STYLE = /^(?:(?:font-size|font-family|font-weight|font-style):[^;:()\\@<>&]*;)*$/;

/** Each attribute an ECharts chart uses, with what its value may be. */
const ATTRIBUTES: Record<string, RegExp> = {
  width: NUMBER,
  height: NUMBER,
  x: NUMBER,
  y: NUMBER,
  'stroke-width': NUMBER,
  'stroke-miterlimit': NUMBER,
  'fill-opacity': NUMBER,
  'stroke-opacity': NUMBER,
  opacity: NUMBER,
  viewBox: /^[-\d.\s]+$/,
  'stroke-dasharray': /^[-\d.,\s]+$/,
  d: /^[MLHVCSQTAZmlhvcsqtaz\d\s.,eE-]*$/,
  transform: /^(?:(?:translate|scale|rotate|matrix)\([-\d.eE,\s]+\)\s*)+$/,
  fill: COLOUR,
  stroke: COLOUR,
  'clip-path': /^url\(#[\w-]+\)$/,
  id: /^[\w-]+$/,
  style: STYLE,
  version: /^1\.1$/,
  baseProfile: /^full$/,
  'pointer-events': KEYWORD,
  'dominant-baseline': KEYWORD,
  'text-anchor': KEYWORD,
  'stroke-linecap': KEYWORD,
  'stroke-linejoin': KEYWORD,
  'paint-order': KEYWORD,
  ecmeta_series_index: /^\d+$/,
  ecmeta_data_index: /^\d+$/,
  ecmeta_ssr_type: KEYWORD,
  ecmeta_silent: /^true$/,
};

function checkAttribute(element: XmlNode, a: XmlNode): void {
  const where = `<${element.nodeName} ${a.nodeName}="${a.value}">`;
  const value = a.value ?? '';
  // Namespace declarations: the SVG namespace as the default, the xlink one declared (never used).
  if (a.nodeName === 'xmlns' && value === SVG_NS) return;
  if (a.nodeName === 'xmlns:xlink' && value === XLINK_NS && element.localName === 'svg') return;
  if (a.namespaceURI === XML_NS && a.localName === 'space' && value === 'preserve') return;
  // xmldom leaves the namespace of a plain attribute undefined.
  if (a.prefix != null || a.namespaceURI != null) throw new Error(`prefixed attribute ${where}`);
  const rule = ATTRIBUTES[a.nodeName];
  if (!rule) throw new Error(`attribute not allowed: ${where}`);
  if (!rule.test(value)) throw new Error(`attribute value not allowed: ${where}`);
}

function walk(node: XmlNode, texts: string[], counts: Map<string, number>): void {
  if (node.nodeType === TEXT) {
    texts.push(node.data ?? '');
    return;
  }
  if (node.nodeType !== ELEMENT) throw new Error(`node not allowed: ${node.nodeName} (type ${node.nodeType})`);
  if (node.namespaceURI !== SVG_NS || node.prefix != null) throw new Error(`element outside SVG or prefixed: <${node.nodeName}> in ${node.namespaceURI}`);
  if (!ELEMENTS.has(node.localName ?? '')) throw new Error(`element not allowed: <${node.nodeName}>`);
  counts.set(node.localName!, (counts.get(node.localName!) ?? 0) + 1);
  const attributes = node.attributes!;
  for (let i = 0; i < attributes.length; i++) checkAttribute(node, attributes[i]!);
  for (let i = 0; i < node.childNodes.length; i++) walk(node.childNodes[i]!, texts, counts);
}

export interface SvgContent {
  /** The text of each <text> and <tspan> (and the whitespace between elements). */
  texts: string[];
  /** How many of each element. */
  counts: Map<string, number>;
}

/** Throws at the first thing an SVG chart never holds. */
export function checkChartSvg(svg: string): SvgContent {
  const problems: string[] = [];
  const doc = new DOMParser({ errorHandler: (level, message) => problems.push(`${level}: ${message}`) }).parseFromString(svg, 'image/svg+xml');
  if (problems.length > 0) throw new Error(`not well-formed XML: ${problems.join('; ')}`);
  if (doc.nodeType !== DOCUMENT) throw new Error('no document');
  const top = Array.from({ length: doc.childNodes.length }, (_, i) => doc.childNodes[i]!);
  if (top.length !== 1) throw new Error(`the document holds more than its <svg>: ${top.map((n) => n.nodeName).join(', ')}`);
  if (top[0]!.localName !== 'svg') throw new Error(`the root is <${top[0]!.nodeName}>`);
  const texts: string[] = [];
  const counts = new Map<string, number>();
  walk(top[0]!, texts, counts);
  return { texts, counts };
}
