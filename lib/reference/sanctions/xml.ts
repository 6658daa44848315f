// fast-xml-parser set up the same way for every list: values kept as strings, attributes
// without a prefix, namespace prefixes dropped, and the listed tags always arrays. Small typed
// accessors over the resulting plain objects.
import { XMLParser } from 'fast-xml-parser';

export type XmlNode = { readonly [key: string]: unknown };

export function parseXml(text: string, arrayTags: readonly string[]): XmlNode {
  const arrays = new Set(arrayTags);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    isArray: (name) => arrays.has(name),
  });
  const parsed: unknown = parser.parse(text);
  return isNode(parsed) ? parsed : {};
}

function isNode(value: unknown): value is XmlNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The child elements named `tag` (none, one or many) that are elements. */
export function children(node: XmlNode | undefined, tag: string): XmlNode[] {
  const value = node?.[tag];
  const values = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return values.filter(isNode);
}

export function child(node: XmlNode | undefined, tag: string): XmlNode | undefined {
  return children(node, tag)[0];
}

/** The text of the child elements (or attribute) named `tag`, blanks dropped. */
export function texts(node: XmlNode | undefined, tag: string): string[] {
  const value = node?.[tag];
  const values = Array.isArray(value) ? value : value === undefined ? [] : [value];
  const out: string[] = [];
  for (const v of values) {
    const text = typeof v === 'string' ? v : isNode(v) && typeof v['#text'] === 'string' ? v['#text'] : '';
    if (text.trim()) out.push(text.trim());
  }
  return out;
}

export function text(node: XmlNode | undefined, tag: string): string {
  return texts(node, tag)[0] ?? '';
}
