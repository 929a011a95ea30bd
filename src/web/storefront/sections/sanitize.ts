import sanitizeHtml from "sanitize-html";

/**
 * Custom HTML of a section as the shop may show it: common formatting, images, tables and links
 * (http, https, mailto, tel and same-site); no script, style, iframe, form or embedded object, no
 * on* handler, no style attribute, no javascript: or data: address. Run when a page is saved and
 * again when it is rendered.
 */
export function sanitizeCustomHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      "h1", "h2", "h3", "h4", "h5", "h6", "p", "br", "hr", "blockquote", "pre", "code",
      "strong", "b", "em", "i", "u", "s", "small", "sub", "sup", "mark", "span", "div",
      "ul", "ol", "li", "dl", "dt", "dd", "a", "img", "figure", "figcaption",
      "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption",
    ],
    allowedAttributes: {
      "*": ["class", "id", "title", "lang", "dir", "aria-label", "aria-hidden", "role"],
      a: ["href", "target", "rel", "name"],
      img: ["src", "alt", "width", "height", "loading"],
      th: ["colspan", "rowspan", "scope"],
      td: ["colspan", "rowspan"],
      ol: ["start", "type"],
    },
    allowedSchemes: ["http", "https", "mailto", "tel"],
    allowedSchemesByTag: { img: ["http", "https"] },
    allowProtocolRelative: false,
    disallowedTagsMode: "discard",
    transformTags: {
      a: (tagName, attribs) => (attribs.target === "_blank" ? { tagName, attribs: { ...attribs, rel: "noopener noreferrer" } } : { tagName, attribs }),
    },
  });
}
