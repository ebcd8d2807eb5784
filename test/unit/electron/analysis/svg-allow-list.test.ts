// The judge of saved chart SVGs (svg-allow-list.ts) refuses every known SVG attack written as markup,
// including the three the old regex let through (a renamed namespace prefix, an x:href link, a CSS
// @import), so a chart that ever held one would fail chart-save.test.ts. Escaped text is fine.
import { describe, expect, it } from 'vitest';
import { checkChartSvg } from './svg-allow-list';

const wrap = (inner: string, rootAttributes = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"${rootAttributes}>${inner}</svg>`;

const ATTACKS: [string, string][] = [
  ['a script element', wrap('<script>alert(1)</script>')],
  ['a script under a renamed SVG prefix', wrap('<x:script xmlns:x="http://www.w3.org/2000/svg">alert(1)</x:script>')],
  ['a prefixed element of an allowed name', wrap('<x:text xmlns:x="http://www.w3.org/2000/svg">a</x:text>')],
  ['an xlink:href javascript: link', wrap('<text xlink:href="javascript:alert(1)">a</text>')],
  ['an x:href link', wrap('<text x:href="javascript:alert(1)" xmlns:x="http://www.w3.org/1999/xlink">a</text>')],
  ['a link element', wrap('<a href="https://evil.example/"><text>a</text></a>')],
  ['a use of an external file', wrap('<use href="http://evil.example/sprite.svg#a"/>')],
  ['an image from elsewhere', wrap('<image href="https://evil.example/track.png"/>')],
  ['an image from a data: URL', wrap('<image href="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+"/>')],
  ['a plain href on an allowed element', wrap('<rect href="#a"/>')],
  ['a foreign object with HTML', wrap('<foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="javascript:alert(1)"/></body></foreignObject>')],
  ['an onload on the root', wrap('', ' onload="alert(1)"')],
  ['an event attribute in odd case', wrap('<rect OnLoAd="alert(1)"/>')],
  ['an event attribute with odd whitespace', wrap('<rect onbegin\n=\n"alert(1)"/>')],
  ['an event attribute beside a good one', wrap('<rect fill="#ffffff" onclick="alert(1)"/>')],
  ['a style element with @import', wrap('<style>@import url(https://evil.example/x.css);</style>')],
  ['a style attribute loading a URL', wrap('<rect style="background:url(https://evil.example/x)"/>')],
  ['a style attribute with expression()', wrap('<text style="font-size:expression(alert(1));">a</text>')],
  ['a style attribute with an escape', wrap('<text style="font-family:\\75 rl(x);">a</text>')],
  ['a fill from another file', wrap('<rect fill="url(https://evil.example/x.svg#p)"/>')],
  ['a clip path from another file', wrap('<g clip-path="url(https://evil.example/x.svg#c)"/>')],
  ['an animate turning href into javascript:', wrap('<animate attributeName="href" to="javascript:alert(1)"/>')],
  ['a set adding an event', wrap('<set attributeName="onmouseover" to="alert(1)"/>')],
  ['a CDATA section', wrap('<text><![CDATA[<script>alert(1)</script>]]></text>')],
  ['a DOCTYPE with an entity', `<!DOCTYPE svg [<!ENTITY x "<script>alert(1)</script>">]>${wrap('<text>&x;</text>')}`],
  ['an undefined entity', wrap('<text>&x;</text>')],
  ['a processing instruction', `<?xml-stylesheet href="https://evil.example/x.css"?>${wrap('')}`],
  ['a comment', wrap('<!-- a -->')],
  ['markup that is not well-formed', wrap('<rect><text>a</rect>')],
  ['a root in another namespace', '<svg xmlns="http://www.w3.org/1999/xhtml"><text>a</text></svg>'],
  ['a second namespace declared', wrap('<text xmlns:h="http://www.w3.org/1999/xhtml">a</text>')],
];

describe('the SVG allow-list of the chart tests', () => {
  it.each(ATTACKS)('refuses %s', (_what, svg) => {
    expect(() => checkChartSvg(svg)).toThrow();
  });

  it('accepts markup escaped as text, and shows it as the text it is', () => {
    const svg = wrap('<text x="1" y="2" style="font-size:12px;font-family:system-ui, \'Segoe UI\', sans-serif;" fill="#16181d">&lt;script&gt;alert(1)&lt;/script&gt; &amp;x;</text>');
    expect(checkChartSvg(svg).texts).toEqual(['<script>alert(1)</script> &x;']);
  });
});
