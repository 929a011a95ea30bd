import sanitizeHtml from "sanitize-html";
import { EDITOR_HTML } from "../../../../shared/legal/document";

const alignment = new RegExp(`^(${EDITOR_HTML.styles["text-align"].join("|")})$`);

const options: sanitizeHtml.IOptions = {
  allowedTags: [...EDITOR_HTML.tags],
  allowedAttributes: EDITOR_HTML.attributes,
  allowedClasses: EDITOR_HTML.classes,
  allowedStyles: { "*": { "text-align": [alignment] } },
  allowedSchemes: [...EDITOR_HTML.linkSchemes],
  allowedSchemesByTag: { img: [...EDITOR_HTML.imageSchemes] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  // <script>, <style>… go with their text; any other unknown tag keeps its text.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "embed"],
  disallowedTagsMode: "discard",
  transformTags: {
    // Links open in a new tab without handing the opener over (what the editor writes too).
    a: (tagName, attribs) => ({ tagName, attribs: attribs.href ? { ...attribs, target: "_blank", rel: "noopener noreferrer nofollow" } : attribs }),
  },
};

/**
 * A document's or template's HTML reduced to what the editor makes (EDITOR_HTML in
 * src/shared/legal/document.ts): scripts, event handlers, javascript: links and foreign styles go.
 */
export function sanitizeDocumentHtml(html: string): string {
  return sanitizeHtml(html, options);
}
